import Foundation
import SetlistModel
import SetlistSupport

/// What `setlist share` sends: one message to every recipient when they would all get the same
/// documents, else one message to each member with the documents of their own part (``Part``).
/// Each part's documents are made once, however many members read it.
public struct MemberShare: Sendable {
    /// The messages, each with the members it goes to.
    public var messages: [(members: [Recipients.Member], message: ShareMessage)]

    /// Whether each member gets a message of their own (their documents differ).
    public let isPerMember: Bool

    /// Builds the share: the recipients and sender as ``ShareMessage`` finds them, then the
    /// `.plsts` (`plsts`, once: it is the same for every part) and the PDFs (`pdfs`) of each part
    /// members read, for the share's date and whether to add the songbook (when the setlist has
    /// charts and some recipient reads a part), then the messages. The parts' PDFs are made side
    /// by side, on up to `width` threads (``Concurrently``), so `pdfs` must be safe to call from
    /// several threads at once; with `width` 1, one part after another.
    /// `revision`: the setlist's revision as shared; each message says what changed since the
    /// revision its members last received (``Playlist/revisionNote(_:for:notation:)``); one
    /// message to several members, since the oldest any of them received.
    public init(
        _ playlist: Playlist, in library: Library, to words: [String], from: String?, subject: String?,
        environment: [String: String], sending: Bool = false, note: (String) -> Void = { _ in }, revision: Revision? = nil,
        width: Int = Concurrently.cores, plsts: (_ date: Date) throws -> ShareMessage.Document?,
        pdfs: @Sendable (_ date: Date, _ part: Part, _ songbook: Bool) throws -> [ShareMessage.Document]
    ) throws {
        let members = try Recipients.members(words, in: library)
        let sender = try ShareMessage.sender(from: from, library: library, environment: environment, sending: sending, note: note)
        let date = DocumentDate.now(environment: environment)
        let hasCharts = playlist.copies.contains { $0.fields.chart != nil }
        let parts = members.map { Self.documentsPart($0.part, hasCharts: hasCharts) }
        // A band that reads parts gets each member's songbook part.
        let songbook = hasCharts && members.contains { $0.part != .concert }
        let plsts = try plsts(date)
        // Each part's PDFs once, however many members read it, in the order members first read them.
        var read: [Part] = []
        for part in parts.isEmpty ? [.concert] : parts where !read.contains(part) { read.append(part) }
        let made = Dictionary(
            uniqueKeysWithValues: zip(read, try Concurrently.map(read, width: width) { part in try pdfs(date, part, songbook) }))
        @Sendable func message(to members: [Recipients.Member], part: Part, own: Bool) throws -> ShareMessage {
            // The member who last received the oldest revision (one who never received one is told it is the first).
            let received = playlist.revisions?.received ?? [:]
            let oldest = members.min { (received[$0.mailbox.address.lowercased()] ?? 0) < (received[$1.mailbox.address.lowercased()] ?? 0) }
            let revisionNote = revision.map { playlist.revisionNote($0, for: oldest?.mailbox.address ?? "", notation: library.notation) }
            let lines = [Self.introduction(part: part, member: own ? members[0].contact : nil), revisionNote].compactMap { $0 }
            return try ShareMessage(
                playlist, notation: library.notation, to: members.map(\.mailbox), sender: sender, subject: subject, date: date,
                environment: environment, plsts: plsts, pdfs: made[part] ?? [],
                introduction: lines.isEmpty ? nil : lines.joined(separator: "\n") + "\n"
            )
        }
        if Set(parts).count <= 1 {
            messages = [(members, try message(to: members, part: parts.first ?? .concert, own: false))]
            isPerMember = false
            return
        }
        // Each message encodes its PDFs: side by side too.
        messages = try Concurrently.map(Array(zip(members, parts)), width: width) { member, part in
            ([member], try message(to: [member], part: part, own: true))
        }
        isPerMember = true
    }

    /// The part whose documents a member of `part` gets: their own where it changes what is
    /// printed (a written key always; the charts of a setlist that has them), else concert pitch.
    static func documentsPart(_ part: Part, hasCharts: Bool) -> Part {
        hasCharts || part.writtenShift != 0 ? part : .concert
    }

    /// "Your part: E♭ part (alto sax). The PDFs are written for it." for a part other than
    /// concert pitch; nil for concert pitch.
    static func introduction(part: Part, member: Contact?) -> String? {
        guard part != .concert else { return nil }
        return "Your part: \(member?.partDescription ?? part.name). The PDFs are written for it."
    }
}
