import Foundation

/// The IPv4 addresses of this computer's network interfaces that are up.
public enum NetworkAddresses {
    /// The addresses other devices on a local network reach this computer at: up, not loopback.
    public static func local() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        for interface in sequence(first: first, next: { $0?.pointee.ifa_next }).compactMap({ $0?.pointee }) {
            guard let address = interface.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                interface.ifa_flags & UInt32(IFF_UP) != 0, interface.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            if let name = text(family: AF_INET, &raw), !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// An address in binary (an `in_addr` or `in6_addr` of `family`) as the system writes it.
    static func text(family: Int32, _ raw: UnsafeRawPointer) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, raw, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
