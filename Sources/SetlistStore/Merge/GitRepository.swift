import Foundation
import SetlistModel
import SetlistSupport

/// A library folder kept in git: setting up setlist's merge driver, and staging the files that
/// `setlist resolve` settled. See docs/git.md.
public struct GitRepository: Sendable {
    /// The folder git commands run in (the library folder).
    public let folder: URL

    /// The merge driver's entry in the repository's config.
    public static let driverName = "setlist: merges library files by their meaning (songs, playlists, contacts)"
    public static let driverCommand = "setlist merge-file %O %A %B %P"
    /// What `.gitattributes` must say so git merges the library's JSON files with setlist.
    public static let attribute = "*.json merge=setlist"
    /// What `.gitignore` must keep out: the history of changes (per computer), the lock file and
    /// the temporary files of interrupted writes.
    public static let ignored = [History.folder + "/", LibraryFiles.lock, ".*.tmp-*"]

    /// The repository that holds `folder`.
    /// - Throws: ``LibraryError/git(_:)`` when `folder` is not inside a git work tree or git is missing.
    public init(containing folder: URL) throws(LibraryError) {
        self.folder = folder
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw .git("\(folder.path) does not exist. Create the library first (any change does), or name it with --library.")
        }
        let result = run(["rev-parse", "--is-inside-work-tree"])
        guard result.status == 0, result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
            throw .git(
                "\(folder.path) is not in a git repository. Run `git init` there first (or clone the band's repository), then `setlist git-setup` again."
            )
        }
    }

    /// Writes `.gitattributes` and `.gitignore` in the library folder (adding only the lines they
    /// lack) and the merge driver to the repository's config. Safe to run again.
    /// - Returns: what was done, one sentence each; empty when everything was already in place.
    public func setUp() throws(LibraryError) -> [String] {
        var actions: [String] = []
        if try addLines([Self.attribute], to: ".gitattributes") { actions.append("wrote .gitattributes: \(Self.attribute)") }
        if try addLines(Self.ignored, to: ".gitignore") { actions.append("wrote .gitignore: " + Self.ignored.joined(separator: ", ")) }
        for (key, value) in [("merge.setlist.name", Self.driverName), ("merge.setlist.driver", Self.driverCommand)] {
            if run(["config", "--get", key]).output.trimmingCharacters(in: .newlines) == value { continue }
            let result = run(["config", key, value])
            guard result.status == 0 else {
                throw .git("`git config \(key)` failed: \(result.error.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            actions.append("set \(key) = \"\(value)\" in the repository's config")
        }
        return actions
    }

    /// Stages those of `paths` (relative to the library folder) that git holds as unmerged (all of
    /// them while a merge is in progress), so a merge whose conflicts were settled can be
    /// committed; and the unmerged files of the setlists `playlistIDs` under any name: a setlist
    /// renamed differently on both sides leaves its old name and the other side's unmerged.
    /// - Returns: the paths staged (a removed file's removal).
    public func stageSettled(_ paths: [String], playlistIDs: [String] = []) -> [String] {
        let unmerged = run(["diff", "--name-only", "--diff-filter=U", "--relative"]).output.split(separator: "\n").map(String.init)
        let merging = run(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).status == 0
        var wanted = paths.filter { merging || unmerged.contains($0) }
        for id in playlistIDs {
            let suffix = "-" + Identifier.short(id) + ".json"
            wanted += unmerged.filter { $0.hasPrefix(LibraryFiles.playlistFolder + "/") && $0.hasSuffix(suffix) }
        }
        // One at a time: a path git never knew (the old name of a file never committed) would
        // fail the others with it.
        var staged: [String] = []
        for path in wanted where !staged.contains(path) {
            if run(["add", "--", path]).status == 0 { staged.append(path) }
        }
        return staged
    }

    /// Which side of the merge under way deleted the file at `path` (relative to the library
    /// folder) that the other side changed (git's modify/delete, which leaves the changed version
    /// in the folder); nil when git holds no such conflict for it.
    public func sideThatDeleted(_ path: String) -> MergeSide? {
        // One line per version git holds: "MODE HASH STAGE\tPATH"; 1 the base, 2 ours, 3 theirs.
        let stages = Set(
            run(["ls-files", "-u", "--", path]).output.split(separator: "\n").compactMap { line in
                line.split(separator: "\t").first?.split(separator: " ").last.flatMap { Int($0) }
            })
        guard stages.contains(1) else { return nil }
        switch (stages.contains(2), stages.contains(3)) {
        case (false, true): return .mine
        case (true, false): return .theirs
        default: return nil
        }
    }

    /// Adds the lines `file` lacks; returns whether it changed.
    private func addLines(_ lines: [String], to name: String) throws(LibraryError) -> Bool {
        let url = folder.appendingPathComponent(name)
        var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return false }
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.write(Data(text.utf8), to: url) }
        return true
    }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        do {
            let result = try ChildProcess.run("/usr/bin/env", ["git", "-C", folder.path] + arguments)
            return (result.succeeded ? 0 : max(result.status, 1), result.outputText, result.errorText)
        } catch {
            return (127, "", error.description)
        }
    }
}
