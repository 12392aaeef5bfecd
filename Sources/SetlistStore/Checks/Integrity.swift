import Foundation
import SetlistModel
import SetlistSupport

/// What `setlist check` found in a library folder.
public struct IntegrityReport: Sendable, Hashable {
    /// Every problem, each naming its file and the place or id in it.
    public var problems: [IntegrityProblem] = []
    /// Temporary files left by a killed process: harmless, removed by the next change.
    public var leftovers: [String] = []
    /// The command line of a change that a crash had cut short and that was finished first.
    public var finishedChange: String?
    /// What the library holds, when it could be read.
    public var songCount = 0
    public var playlistCount = 0
    public var copyCount = 0
    public var contactCount = 0
    /// Another user's private files (contacts, settings) this user may not read, left unchecked.
    public var withheld: [String] = []
    /// What merges left undecided, numbered from 1 for `setlist resolve`, each with its file.
    public var conflicts: [NumberedConflict] = []

    /// Whether nothing is wrong and nothing is left to decide.
    public var isSound: Bool { problems.isEmpty && conflicts.isEmpty }
}

extension LibraryStore {
    /// Reads every file and reports every problem: files that do not parse (with line and
    /// column), newer formats, order entries naming missing files, playlist files not in the
    /// order, repeated ids and names, control characters and numbers out of range.
    ///
    /// Changes nothing, except that a change cut short by a crash is finished first (as any
    /// command would).
    public func check() throws(LibraryError) -> IntegrityReport {
        var report = IntegrityReport()
        guard FileManager.default.fileExists(atPath: root.path) else { return report }
        var reader = LibraryReader(root: root)
        var library = Library()
        var interrupted = false
        try reading { () throws(LibraryError) in
            let last = lastChangeOfSeveralFiles()
            reader = readingReader(checking: last)
            reader.readsPastWrongValues = true
            library = reader.read()
            interrupted = isInterrupted(last, known: reader.files)
            // No writer is at work while reading, so any temporary file is a leftover.
            report.leftovers = leftovers()
        }
        if interrupted {
            let lock = try lockLibrary()
            defer { lock.unlock() }
            report.finishedChange = try recoverInterruptedChange()
            reader = readingReader(checking: nil)
            reader.readsPastWrongValues = true
            library = reader.read()
        }
        report.withheld = reader.withheld
        let fileProblems = reader.allProblems
        var values = IntegrityValues()
        values.clean(&library)
        report.problems = fileProblems + values.findings.map(\.problem) + syncConflictProblems()
        if let current = library.currentPlaylistID, fileProblems.isEmpty,
            !library.playlists.contains(where: { $0.id == current })
        {
            report.problems.append(
                .init(.playlistOrder, path: LibraryFiles.playlistOrder, detail: "the current playlist \(current) does not exist."))
        }
        report.songCount = library.songs.count
        report.playlistCount = library.playlists.count
        report.copyCount = library.playlists.reduce(0) { $0 + $1.copyCount }
        report.contactCount = library.contacts.count
        report.conflicts = library.conflicts.enumerated().map {
            NumberedConflict(number: $0.offset + 1, path: library.path(of: $0.element), conflict: $0.element)
        }
        return report
    }
}

/// A merge conflict as `setlist check` lists it. Encoded as `{number, path, subject, item, field,
/// ours, theirs}` (in `setlist check --json`).
public struct NumberedConflict: Sendable, Hashable, JSONWritable, CustomStringConvertible {
    public var number: Int
    /// The file, relative to the library folder.
    public var path: String
    public var conflict: LibraryConflict

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("field", conflict.field)
            writer.member("item") { writer in if let item = conflict.item { writer.string(item) } else { writer.null() } }
            writer.member("number", number)
            writer.member("ours", conflict.ours)
            writer.member("path", path)
            writer.member("subject", conflict.subject)
            writer.member("theirs", conflict.theirs)
        }
    }

    /// "2. songs.json: 'Highway to Hell' by AC/DC, key: ours "C minor", theirs "D major"".
    public var description: String {
        "\(number). \(path): \(conflict.summary)"
    }
}
