/// A message that cannot be built or delivered.
public enum MailError: Error, Sendable, CustomStringConvertible {
    case noSender

    public var description: String {
        switch self {
        case .noSender:
            "No sender address. Give --from \"Name <you@example.com>\", or save one with `setlist config sender \"Name <you@example.com>\"`, or set $EMAIL."
        }
    }
}
