import SetlistModel

/// What can go wrong serving the band page, worded for the leader.
public enum BandPageError: SetlistError, Equatable {
    /// The port is taken on an address.
    case portInUse(port: Int, address: String)
    /// `--bind` named something that is not an address of this computer.
    case cannotBind(address: String, reason: String)
    /// `--bind` named something that is not an IP address.
    case notAnAddress(String)
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
        case .qrCode(let reason):
            return "Cannot draw the QR code: \(reason) (install libqrencode4)."
        case .system(let reason):
            return "Cannot serve the band's page: \(reason)."
        }
    }
}
