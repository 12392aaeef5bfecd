import Foundation

/// Where `live --serve` listens and which addresses it shows the band (as text and QR code):
/// `--bind 0.0.0.0` or `::` listens on every address, but no phone can open
/// `http://0.0.0.0:…`, so the machine's network addresses are shown, as without `--bind`.
struct ServeAddresses: Hashable, Sendable {
    /// The addresses listened on.
    var listen: [String]
    /// The addresses shown, a network one first when there is one.
    var shown: [String]
    /// Whether phones could reach it if the computer were on a network (no `--bind`, or a
    /// wildcard one): with no network address, the screen says to join one.
    var servesEveryAddress: Bool

    /// The plan for `bind` (empty: this computer's `network` addresses and loopback). An address
    /// given twice, or one a wildcard already covers, is refused with what is wrong.
    init(bind: [String], network: [String]) throws(BandPageError) {
        var seen: [String: String] = [:]
        for address in bind {
            guard let canonical = Self.canonical(address) else { throw .notAnAddress(address) }
            if let first = seen[canonical] { throw .boundTwice(first: first, again: address) }
            seen[canonical] = address
        }
        let wildcards = bind.filter { Self.canonical($0) == "0.0.0.0" || Self.canonical($0) == "::" }
        // `::` takes IPv4 too (the system's default dual stack); 0.0.0.0 every IPv4 address.
        for address in bind where !wildcards.contains(address) {
            let isIPv6 = address.contains(":")
            if let wildcard = wildcards.first(where: { Self.canonical($0) == "::" || !isIPv6 }) {
                throw .coveredByWildcard(address: address, wildcard: wildcard)
            }
        }
        if let v4 = wildcards.first(where: { !$0.contains(":") }), let v6 = wildcards.first(where: { $0.contains(":") }) {
            throw .coveredByWildcard(address: v4, wildcard: v6)
        }
        let network = network.filter { !Self.isLoopback($0) }
        servesEveryAddress = bind.isEmpty || !wildcards.isEmpty
        listen = bind.isEmpty ? network + ["127.0.0.1"] : bind
        let reachable = servesEveryAddress ? network : bind.filter { !Self.isLoopback($0) }
        shown = !reachable.isEmpty ? reachable : wildcards.isEmpty ? listen : ["127.0.0.1"]
    }

    /// Whether a phone cannot reach `address` (it is this computer's own).
    static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || canonical(address) == "::1" }

    /// The address as the system writes it ("0::1" is "::1"); nil when it is none.
    static func canonical(_ address: String) -> String? {
        if address.contains(":") {
            var raw = in6_addr()
            guard inet_pton(AF_INET6, address, &raw) == 1 else { return nil }
            return NetworkAddresses.text(family: AF_INET6, &raw)
        }
        var raw = in_addr()
        guard inet_pton(AF_INET, address, &raw) == 1 else { return nil }
        return NetworkAddresses.text(family: AF_INET, &raw)
    }
}
