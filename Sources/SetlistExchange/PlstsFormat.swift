import Foundation
import SetlistModel

/// The fixed facts of the `.plsts` format (see docs/plsts.md): its identifier, its version, and the
/// limits that keep a document from someone else's computer harmless.
public enum PlstsFormat {
    /// The value of the document's `format` field.
    public static let identifier = "setlist-plsts"
    /// The newest version this build writes (1.1 added the optional `playlist.plan`, 1.2 a
    /// song's optional `chart`, 1.3 a chart's optional `notation` and `capo`, 1.4 the optional
    /// `revision`); a minor version adds optional fields only.
    public static let version = FormatVersion(major: 1, minor: 4)
    /// The first version, which every document without a plan or a chart still is: `setlist`
    /// writes it then, so such a playlist gives the same document as before plans and charts.
    static let firstVersion = FormatVersion(major: 1, minor: 0)

    /// The oldest version that holds all of a document: 1.3 with a chart in German notation or
    /// with a capo, 1.2 with a chart, 1.1 with a plan, else 1.0. An older reader then says which
    /// version it found rather than leave a chart out unseen.
    /// A revision (1.4) counts for none: a reader that skips it loses nothing of the setlist, and
    /// a 1.3 reader then reads the document without a warning.
    static func version(for playlist: Playlist, originals: [SongFields]) -> FormatVersion {
        let charts = playlist.copies.compactMap(\.fields.chart) + originals.compactMap(\.chart)
        if charts.contains(where: { $0.notation != .english || $0.capo != nil }) { return FormatVersion(major: 1, minor: 3) }
        if !charts.isEmpty { return FormatVersion(major: 1, minor: 2) }
        return playlist.plan == nil ? firstVersion : FormatVersion(major: 1, minor: 1)
    }
    /// The file name extension.
    public static let fileExtension = "plsts"

    /// The largest document read: 16 MiB.
    public static let maximumSize = 16 << 20
    /// The deepest nesting of objects and lists read (the format itself needs 4).
    public static let maximumDepth = 32
    /// The most entries (songs and breaks) a setlist may hold.
    public static let maximumItems = Playlist.maximumItems
    /// The most originals a document may carry.
    public static let maximumOriginals = 1000
    /// The longest identifier accepted.
    public static let maximumIdentifierLength = 64

    /// Whether `id` is a valid identifier: 1 to 64 lowercase ASCII letters, digits and hyphens, so
    /// it can never become a path.
    public static func isValidIdentifier(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maximumIdentifierLength
            && id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// Whether a playlist name looks like a file path: ``Text/looksLikePath(_:)``, the rule the
    /// library applies when a playlist is named.
    public static func looksLikePath(_ name: String) -> Bool {
        Text.looksLikePath(name)
    }

    /// The export time as written in documents: ISO 8601 in UTC to the second.
    public static func timestamp(_ date: Date) -> String {
        DateText.iso8601(date)
    }

    /// Reads an export time written by ``timestamp(_:)`` (fractions of a second are accepted).
    public static func date(fromTimestamp text: String) -> Date? {
        guard text.count <= 40 else { return nil }
        return DateText.date(fromISO8601: text)
    }
}

/// A format version `MAJOR.MINOR`. Readers accept every minor version of their major version,
/// ignoring the fields they do not know, and refuse a newer major version.
public struct FormatVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Changes that older readers cannot read.
    public var major: Int
    /// Additions older readers of the same major version skip.
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Parses "1.0"; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...6).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(parts[0]), let minor = Int(parts[1])
        else { return nil }
        self.init(major: major, minor: minor)
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}

/// A setlist read from a valid `.plsts` document.
public struct SharedSetlist: Hashable, Sendable {
    /// Where it came from, for messages: the file name or "standard input".
    public var source: String
    /// The playlist with its copies and breaks, ids as the sender has them.
    public var playlist: Playlist
    /// The originals the document carries, in document order.
    public var originals: [Song]
    /// The program that wrote the document, like "setlist 0.1.0".
    public var generator: String
    /// When it was exported.
    public var exported: Date
    /// The format version the document declares.
    public var version: FormatVersion

    public init(source: String, playlist: Playlist, originals: [Song], generator: String, exported: Date, version: FormatVersion) {
        self.source = source
        self.playlist = playlist
        self.originals = originals
        self.generator = generator
        self.exported = exported
        self.version = version
    }
}
