import Foundation
import SetlistModel

/// What `setlist share` sends: one message to every recipient when they would all get the same
/// documents, else one message to each member with the documents of their own part (``Part``).
/// Each part's documents are made once, however many members read it.
public struct MemberShare: Sendable {
    /// The messages, each with the members it goes to.
    public var messages: [(members: [Recipients.Member], message: ShareMessage)]

    /// Whether each member gets a message of their own (their documents differ).
    public let isPerMember: Bool

    /// Builds the share: the recipients and sender as ``ShareMessage`` finds them, then
    /// `documents` for each part members read (for the share's date), then the messages.
    public init(
        _ playlist: Playlist, in library: Library, to words: [String], from: String?, subject: String?,
        environment: [String: String], sending: Bool = false, note: (String) -> Void = { _ in },
        documents: (Date, Part) throws -> (plsts: ShareMessage.Document?, pdfs: [ShareMessage.Document])
    ) throws {
        let members = try Recipients.members(words, in: library)
        let sender = try ShareMessage.sender(from: from, library: library, environment: environment, sending: sending, note: note)
        let date = DocumentDate.now(environment: environment)
        let hasCharts = playlist.copies.contains { $0.fields.chart != nil }
        let parts = members.map { Self.documentsPart($0.part, hasCharts: hasCharts) }
        var made: [Part: (plsts: ShareMessage.Document?, pdfs: [ShareMessage.Document])] = [:]
        func partDocuments(_ part: Part) throws -> (plsts: ShareMessage.Document?, pdfs: [ShareMessage.Document]) {
            if let done = made[part] { return done }
            let done = try documents(date, part)
            made[part] = done
            return done
        }
        func message(to members: [Recipients.Member], part: Part, introduction: String?) throws -> ShareMessage {
            let (plsts, pdfs) = try partDocuments(part)
            return try ShareMessage(
                playlist, notation: library.notation, to: members.map(\.mailbox), sender: sender, subject: subject, date: date,
                environment: environment, plsts: plsts, pdfs: pdfs, introduction: introduction)
        }
        if Set(parts).count <= 1 {
            let part = parts.first ?? .concert
            messages = [(members, try message(to: members, part: part, introduction: Self.introduction(part: part, member: nil)))]
            isPerMember = false
            return
        }
        messages = try zip(members, parts).map { member, part in
            ([member], try message(to: [member], part: part, introduction: Self.introduction(part: part, member: member.contact)))
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
        let name = member?.instrument.map { part.name + " (\($0))" } ?? part.name
        return "Your part: \(name). The PDFs are written for it.\n"
    }
}
