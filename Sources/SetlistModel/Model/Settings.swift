/// The library's saved settings (settings.json), set with `setlist config`.
public struct Settings: Hashable, Sendable {
    /// The settings `setlist config` knows, by the name typed and saved.
    public enum Key: String, CaseIterable, Sendable {
        /// How keys are read and printed: english or german (see ``KeyNotation``).
        case notation
        /// Who shared setlists come from, "Name <you@example.com>".
        case sender
        /// The mail program `setlist share` hands messages to, with its arguments.
        case sendmail
        /// The seconds the mail program may take before it is ended (default 60).
        case sendmailTimeout = "sendmail-timeout"

        /// The setting named `name` (case ignored).
        /// - Throws: ``LibraryError/unknownSetting(_:known:)`` naming the known ones.
        public init(named name: String) throws(LibraryError) {
            guard let key = Key(rawValue: name.lowercased()) else {
                throw .unknownSetting(name, known: Key.allCases.map(\.rawValue))
            }
            self = key
        }
    }

    /// The ``KeyNotation`` as saved (``Library/notation`` reads it).
    public var notation: String?
    public var sender: String?
    public var sendmail: String?
    /// Seconds as typed; ``sendmailTimeoutSeconds`` reads them.
    public var sendmailTimeout: String?
    /// Names this version does not know (from a newer setlist or a hand edit), kept as they were
    /// so that saving the settings never drops them.
    public var others: [String: String]

    public init(
        notation: String? = nil, sender: String? = nil, sendmail: String? = nil, sendmailTimeout: String? = nil,
        others: [String: String] = [:]
    ) {
        self.notation = notation
        self.sender = sender
        self.sendmail = sendmail
        self.sendmailTimeout = sendmailTimeout
        self.others = others
    }

    /// The value of a known setting.
    public subscript(key: Key) -> String? {
        get {
            switch key {
            case .notation: notation
            case .sender: sender
            case .sendmail: sendmail
            case .sendmailTimeout: sendmailTimeout
            }
        }
        set {
            switch key {
            case .notation: notation = newValue
            case .sender: sender = newValue
            case .sendmail: sendmail = newValue
            case .sendmailTimeout: sendmailTimeout = newValue
            }
        }
    }

    /// A setting by the name settings.json uses, known or not (for merges of that file).
    public subscript(name name: String) -> String? {
        get { Key(rawValue: name).map { self[$0] } ?? others[name] }
        set {
            if let key = Key(rawValue: name) { self[key] = newValue } else { others[name] = newValue }
        }
    }

    /// Every setting saved, known or not, by name — as settings.json holds them.
    public var byName: [String: String] {
        var result = others
        for key in Key.allCases { result[key.rawValue] = self[key] }
        return result
    }

    /// The settings of settings.json's name-to-value map.
    public init(byName values: [String: String]) {
        var others = values
        var settings = Settings()
        for key in Key.allCases { settings[key] = others.removeValue(forKey: key.rawValue) }
        settings.others = others
        self = settings
    }

    public var isEmpty: Bool { byName.isEmpty }

    /// The `sendmail-timeout` setting in seconds; nil when unset or unreadable.
    public var sendmailTimeoutSeconds: Double? { sendmailTimeout.flatMap(Self.seconds(parsing:)) }

    /// A timeout as typed: whole or decimal seconds, more than 0 and at most a day.
    public static func seconds(parsing text: String) -> Double? {
        guard let seconds = Double(Text.trimmedSpaces(text)), seconds.isFinite,
            seconds > 0, seconds <= 86_400
        else { return nil }
        return seconds
    }
}
