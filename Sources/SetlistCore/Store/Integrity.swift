import Foundation

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

    /// Whether nothing is wrong.
    public var isSound: Bool { problems.isEmpty }
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
        do {
            let lock = try lockLibrary(exclusive: false)
            defer { lock.unlock() }
            library = reader.read()
            interrupted = lastChangeIsInterrupted(known: reader.files)
            // Under the lock no writer is at work, so any temporary file is a leftover.
            report.leftovers = leftovers()
        }
        if interrupted {
            let lock = try lockLibrary(exclusive: true)
            defer { lock.unlock() }
            report.finishedChange = try recoverInterruptedChange()
            reader = LibraryReader(root: root)
            library = reader.read()
        }
        let fileProblems = reader.allProblems
        var values = IntegrityValues()
        values.clean(&library)
        report.problems = fileProblems + values.findings.map(\.problem)
        if let current = library.currentPlaylistID, fileProblems.isEmpty,
           !library.playlists.contains(where: { $0.id == current }) {
            report.problems.append(.init(path: LibraryFiles.playlistOrder, detail: "the current playlist \(current) does not exist."))
        }
        report.songCount = library.songs.count
        report.playlistCount = library.playlists.count
        report.copyCount = library.playlists.reduce(0) { $0 + $1.copies.count }
        report.contactCount = library.contacts.count
        return report
    }
}
