import SetlistModel

/// What can go wrong serving the band page, worded for the leader.
public enum BandPageError: SetlistError, Equatable {
    /// The port is taken on an address.
    case portInUse(port: Int, address: String)
    /// `--bind` named something that is not an address of this computer.
    case cannotBind(address: String, reason: String)
    /// `--bind` named something that is not an IP address.
    case notAnAddress(String)
    /// `--bind` named the same address twice.
    case boundTwice(first: String, again: String)
    /// `--bind` named an address a wildcard one (0.0.0.0, ::) given too already serves on.
    case coveredByWildcard(address: String, wildcard: String)
    /// libqrencode is missing or failed.
    case qrCode(String)
    /// A system call failed.
    case system(String)

    public var description: String {
        switch self {
        case .portInUse(let port, let address):
            return "Port \(port) is already in use on \(address) (another `setlist live --serve`?). Choose another with `--port N`."
        case .cannotBind(let address, let reason):
            return "Cannot serve on \(address): \(reason). Name an address of this computer with `--bind` (see `ip -brief address`)."
        case .notAnAddress(let text):
            return "'\(text)' is not an IP address. Give --bind an address like 192.168.1.20 or 127.0.0.1."
        case .boundTwice(let first, let again):
            let same = first == again ? "" : " (\(again) is \(first))"
            return "--bind \(first) is given twice\(same): name each address once."
        case .coveredByWildcard(let address, let wildcard):
            return
                "--bind \(wildcard) already serves on every address, \(address) too: give \(wildcard) alone, or the addresses without it."
        case .qrCode(let reason):
            return "Cannot draw the QR code: \(reason) (install libqrencode4)."
        case .system(let reason):
            return "Cannot serve the band's page: \(reason)."
        }
    }
}
