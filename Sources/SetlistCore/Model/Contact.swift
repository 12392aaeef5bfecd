/// A member of the band or anyone else setlists are shared with.
public struct Contact: Hashable, Sendable, Codable {
    public var name: String
    /// A validated address (see ``EmailAddress``).
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}
