/// A file that could not be written, replaced, removed or locked: which file, and why.
public struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) at fault.
    public var path: String
    /// Why, as the system words it, without a final full stop: "Permission denied",
    /// "No space left on device".
    public var reason: String
    /// What to do about it, if there is something general to say.
    public var advice: String?

    public init(path: String, reason: String, advice: String?) {
        self.path = path
        self.reason = reason
        self.advice = advice
    }

    /// The reason and the advice as sentences: "Permission denied. Check that …".
    public var detail: String {
        reason + "." + (advice.map { " " + $0 } ?? "")
    }

    public var description: String { "Cannot write \(path): \(detail)" }
}
