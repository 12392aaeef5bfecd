import Foundation
import SetlistModel
import SetlistSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `setlist check --repair` did, and what it left for a person to fix.
public struct RepairReport: Sendable, Hashable {
    /// One sentence per fix, naming the file and the id.
    public var actions: [String] = []
    /// The problems that remain (see ``LibraryStore/check()``).
    public var remaining: IntegrityReport = IntegrityReport()
}

extension LibraryStore {
    /// Fixes what can be fixed without losing data, then checks again:
    ///
    /// - temporary files left by killed processes are removed, and a change cut short is finished;
    /// - sync tools' conflict copies are merged into their files and kept in `.history/sync-conflicts`,
    ///   and so is the second file of a setlist renamed differently on two computers;
    /// - playlist files missing from the order file go back into it (at the end); entries naming
    ///   a missing file, a file name outside `playlists/`, or an id listed twice leave it; an entry
    ///   whose file holds another id takes the file's id;
    /// - repeated song, copy and playlist ids get new ids, repeated playlist names a number;
    /// - control characters in names become spaces, and are dropped from notes;
    /// - the first of two breaks at one place (a set without songs) is removed.
    ///
    /// Files that do not parse are never touched. The repair is recorded in the history, so
    /// `setlist undo` reverts it.
    public func repair(command: String = "setlist check --repair") throws(LibraryError) -> RepairReport {
        var report = RepairReport()
        guard FileManager.default.fileExists(atPath: root.path) else { return report }
        do {
            let lock = try lockLibrary()
            defer { lock.unlock() }
            for path in removeLeftovers() {
                report.actions.append("\(path): removed this temporary file left by an interrupted command.")
            }
            if let finished = try recoverInterruptedChange() {
                report.actions.append("finished the change `\(finished)`, which had been interrupted.")
            }
            let firstEntry = (History(root: root).entryNumbers().last ?? 0) + 1
            let before = libraryFileContents()
            try mergeSyncConflictCopies(&report.actions, command: command)
            try joinPlaylistsRenamedApart(&report.actions, command: command)
            renamePlaylistFilesNotUTF8(&report.actions)
            try repairOrder(&report.actions, command: command)
            try repairContents(&report.actions, command: command)
            try mergeEntries(from: firstEntry, before: before, command: command)
        }
        report.remaining = try check()
        return report
    }

    /// Makes the history entries of one repair (the order first, then ids and text) one entry,
    /// so that one `setlist undo` takes the whole repair back.
    private func mergeEntries(from first: Int, before: [String: Data], command: String) throws(LibraryError) {
        let history = History(root: root)
        let added = history.entryNumbers().filter { $0 >= first }
        guard added.count > 1 else { return }
        let changes = Self.changes(from: before, to: libraryFileContents())
        // The later entries go first: cut short here, the first entry no longer matches the files,
        // so it is neither undone nor taken for an interrupted change.
        for number in added.dropFirst().reversed() { try history.remove(number) }
        let record = History.Record(command: command, date: History.format(Date()), changes: changes.map(FileDelta.init))
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try AtomicFile.write(LibraryFiles.encode(record), to: history.url(of: added[0]), newFileMode: History.newFileMode)
        }
    }

    /// The bytes of every library file on disk (not the history or the lock), by relative path.
    private func libraryFileContents() -> [String: Data] {
        var files: [String: Data] = [:]
        for path in LibraryFiles.topLevelFiles {
            files[path] = try? contents(of: path)
        }
        for name in LibraryFiles.playlistFileNames(in: root) {
            let path = LibraryFiles.playlistFolder + "/" + name
            files[path] = try? contents(of: path)
        }
        for name in LibraryFiles.gigFileNames(in: root) {
            let path = LibraryFiles.gigFolder + "/" + name
            files[path] = try? contents(of: path)
        }
        return files
    }

    // MARK: The order of the playlists

    /// A playlist file whose name is not UTF-8 (copied from a Latin-2 system) cannot be named
    /// in playlists.json, nor read by the name the listing shows (U+FFFD in place of its bytes):
    /// it is renamed to its playlist's own file name, and the order's repair then puts it back.
    /// A file that does not parse, or whose new name is taken, is left for `check` to report.
    private func renamePlaylistFilesNotUTF8(_ actions: inout [String]) {
        let folder = root.appendingPathComponent(LibraryFiles.playlistFolder).path
        for name in FolderListing.byteNames(atPath: folder) where String(validating: name, as: UTF8.self) == nil {
            let shown = String(decoding: name, as: UTF8.self)
            guard shown.hasSuffix(".json"), !shown.hasPrefix(".") else { continue }
            let from = Array(folder.utf8) + Array("/".utf8) + name
            let path = LibraryFiles.playlistFolder + "/" + shown
            guard let bytes = FileReading.bytes(atRawPath: from),
                let file = try? LibraryFiles.decode(LibraryFiles.PlaylistFile.self, from: Data(bytes), path: path)
            else { continue }
            let newName = Playlist.fileName(name: file.name, id: file.id)
            let to = folder + "/" + newName
            guard !FileManager.default.fileExists(atPath: to) else { continue }
            let renamed = (from.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { rename($0.baseAddress!, to) == 0 }
            guard renamed else { continue }
            actions.append("\(path): its file name is not UTF-8; renamed to playlists/\(newName).")
        }
    }

    private func repairOrder(_ actions: inout [String], command: String) throws(LibraryError) {
        let orderPath = LibraryFiles.playlistOrder
        let orderData: Data?
        do { orderData = try contents(of: orderPath) } catch {
            return // One that cannot be read is left for a person to fix, like a broken one.
        }
        var order = LibraryFiles.PlaylistOrderFile(current: nil, playlists: [])
        if let orderData {
            guard let parsed = try? LibraryFiles.decode(LibraryFiles.PlaylistOrderFile.self, from: orderData, path: orderPath) else {
                return // A broken order file is left for a person to fix.
            }
            order = parsed
        }
        let names = LibraryFiles.playlistFileNames(in: root)
        var parsed: [String: LibraryFiles.PlaylistFile] = [:]
        var fileData: [String: Data] = [:]
        for name in names {
            let path = LibraryFiles.playlistFolder + "/" + name
            guard let data = try? contents(of: path) else { continue }
            fileData[path] = data
            parsed[name] = try? LibraryFiles.decode(LibraryFiles.PlaylistFile.self, from: data, path: path)
        }

        var entries: [LibraryFiles.PlaylistOrderFile.Entry] = []
        var ids: Set<String> = [], listed: Set<String> = []
        for var entry in order.playlists {
            if !LibraryFiles.isSafePlaylistFileName(entry.file) {
                actions.append(
                    "\(orderPath): removed the entry of playlist \(entry.id), whose file name \"\(entry.file)\" is not a plain name inside playlists/ (no file was touched)."
                )
                continue
            }
            guard names.contains(entry.file) else {
                actions.append(
                    "\(orderPath): removed the entry of playlist \(entry.id), whose file playlists/\(entry.file) does not exist.")
                continue
            }
            if let file = parsed[entry.file], file.id != entry.id {
                actions.append(
                    "\(orderPath): the entry of playlists/\(entry.file) said id \(entry.id); it now says the file's id \(file.id).")
                entry.id = file.id
            }
            guard !listed.contains(entry.file), ids.insert(entry.id).inserted else {
                actions.append("\(orderPath): removed a second entry of playlist \(entry.id).")
                continue
            }
            listed.insert(entry.file)
            entries.append(entry)
        }

        var files: [String: Data] = [:], old: [String: Data] = [:]
        var conflicts = order.conflicts ?? []
        var git: GitRepository??
        for name in names where !listed.contains(name) {
            guard var file = parsed[name] else { continue } // Does not parse: left as it is.
            let path = LibraryFiles.playlistFolder + "/" + name
            let idTaken = ids.contains(file.id)
            // Deleted on one side of a git merge and changed on the other: back in the order, and
            // the delete a conflict, as a merge records the delete of a setlist renamed there.
            if git == nil { git = .some(try? GitRepository(containing: root)) }
            if !idTaken, LibraryFiles.isSafePlaylistFileName(name), let side = (git ?? nil)?.sideThatDeleted(path) {
                ids.insert(file.id)
                entries.append(.init(id: file.id, file: name))
                conflicts.append(
                    LibraryConflict(
                        location: .playlistOrder, subject: "the setlist of playlists/\(name)", item: file.id, field: "removed",
                        ours: .string(side == .mine ? "removed" : "changed"), theirs: .string(side == .theirs ? "removed" : "changed")))
                actions.append(
                    "\(path): '\(file.name)' was deleted on one side of the git merge and changed on the other; "
                        + "put it back into \(orderPath), with the delete a conflict for `setlist resolve`.")
                continue
            }
            // A name the order file may not hold (a sync tool's "x (conflicted copy).json") moves
            // to the playlist's own file name, or the order would name a file it refuses.
            if !idTaken && LibraryFiles.isSafePlaylistFileName(name) {
                ids.insert(file.id)
                entries.append(.init(id: file.id, file: name))
                actions.append("\(path): '\(file.name)' (id \(file.id)) was missing from \(orderPath); put it back at the end.")
                continue
            }
            let oldID = file.id
            if idTaken { file.id = Identifier.make() }
            var newName = Playlist.fileName(name: file.name, id: file.id)
            while names.contains(newName) || files[LibraryFiles.playlistFolder + "/" + newName] != nil {
                file.id = Identifier.make()
                newName = Playlist.fileName(name: file.name, id: file.id)
            }
            ids.insert(file.id)
            old[path] = fileData[path]
            files[LibraryFiles.playlistFolder + "/" + newName] = LibraryFiles.encode(file)
            entries.append(.init(id: file.id, file: newName))
            if idTaken {
                actions.append(
                    "\(path): its id \(oldID) belongs to another playlist, so '\(file.name)' got the id \(file.id), moved to playlists/\(newName) and went back into \(orderPath)."
                )
            } else {
                actions.append(
                    "\(path): '\(file.name)' (id \(oldID)) was missing from \(orderPath) under a file name it may not hold; "
                        + "moved to playlists/\(newName)\(file.id == oldID ? "" : " with the new id \(file.id)") and put it back at the end."
                )
            }
        }
        let current = order.current.flatMap { ids.contains($0) ? $0 : nil }
        if order.current != nil && current == nil {
            actions.append("\(orderPath): the current playlist \(order.current!) does not exist; no playlist is current now.")
        }
        // The order's own conflicts stay (a repair dropped them), with those added here.
        let newOrder = LibraryFiles.encode(
            LibraryFiles.PlaylistOrderFile(current: current, playlists: entries, conflicts: conflicts.isEmpty ? nil : conflicts))
        let orderChanged =
            orderData.map { data in
                (try? LibraryFiles.decode(LibraryFiles.PlaylistOrderFile.self, from: data, path: orderPath)).map {
                    $0.current != current || $0.playlists.map(\.id) != entries.map(\.id) || $0.playlists.map(\.file) != entries.map(\.file)
                        || ($0.conflicts ?? []) != conflicts
                } ?? true
            } ?? !entries.isEmpty
        guard orderChanged || !files.isEmpty else { return }
        if let orderData { old[orderPath] = orderData }
        files[orderPath] = newOrder
        try write(files, replacing: old, command: command)
    }

    // MARK: Ids, names and text

    private func repairContents(_ actions: inout [String], command: String) throws(LibraryError) {
        var reader = LibraryReader(root: root)
        var library = reader.read()
        // Only when every file parses and the order is whole; otherwise the serializer would
        // drop what could not be read.
        let orderProblems = reader.allProblems.filter { !Self.repairedHere.contains($0.kind) }
        guard orderProblems.isEmpty else { return }
        let before = actions.count
        if reader.allProblems.contains(where: { $0.kind == .missingSongList }) { rebuildOriginals(of: &library, &actions) }
        var songIDs: Set<String> = []
        for index in library.songs.indices where !songIDs.insert(library.songs[index].id).inserted {
            let repeated = library.songs[index].id
            library.songs[index].id = Identifier.make()
            songIDs.insert(library.songs[index].id)
            actions.append(
                "\(LibraryFiles.songs): songs[\(index)] '\(library.songs[index].name)' repeated the id \(repeated); it has the new id \(library.songs[index].id) (its copies keep pointing at the first)."
            )
        }
        var copyIDs: Set<String> = []
        var names: Set<String> = []
        for p in library.playlists.indices {
            var playlist = library.playlists[p]
            if names.contains(playlist.name.lowercased()) {
                var number = 2
                while names.contains("\(playlist.name) (\(number))".lowercased()) { number += 1 }
                actions.append(
                    "playlist \(playlist.id): another playlist is named '\(playlist.name)'; renamed it '\(playlist.name) (\(number))'.")
                playlist.name = "\(playlist.name) (\(number))"
            }
            names.insert(playlist.name.lowercased())
            for i in playlist.items.indices {
                guard case .song(var copy) = playlist.items[i], !copyIDs.insert(copy.id).inserted else { continue }
                let repeated = copy.id
                copy.id = Identifier.make()
                copyIDs.insert(copy.id)
                playlist.items[i] = .song(copy)
                actions.append(
                    "playlist '\(playlist.name)': the copy of '\(copy.name)' repeated the copy id \(repeated); it has the new id \(copy.id)."
                )
            }
            library.playlists[p] = playlist
        }
        var gigIDs: Set<String> = []
        for index in library.gigs.indices where !gigIDs.insert(library.gigs[index].id).inserted {
            let repeated = library.gigs[index].id
            library.gigs[index].id = Identifier.make()
            gigIDs.insert(library.gigs[index].id)
            actions.append(
                "gig of \(library.gigs[index].date) '\(library.gigs[index].playlist)': it repeated the gig id \(repeated); it has the new id \(library.gigs[index].id) and the file \(LibraryFiles.gigFolder)/\(LibraryFiles.gigFileName(library.gigs[index]))."
            )
        }
        var values = IntegrityValues()
        values.clean(&library)
        for finding in values.findings where finding.fixable {
            actions.append("\(finding.problem.path): \(finding.problem.detail.dropLast()); \(finding.fix).")
        }
        guard actions.count > before else { return }
        try write(LibrarySerializer.files(of: library), replacing: reader.files, command: command)
    }

    /// The problems of the files' contents this step repairs itself; any other problem of the
    /// reader (a file that does not parse, an order still broken) stops it.
    private static let repairedHere: Set<IntegrityProblem.Kind> = [.repeatedID, .repeatedPlaylistName, .missingSongList]

    /// A song list in place of the one that is missing: one original for each original the copies
    /// point at, with its id and the fields of its first copy, in the order they are first played.
    private func rebuildOriginals(of library: inout Library, _ actions: inout [String]) {
        var seen: Set<String> = []
        for playlist in library.playlists {
            for copy in playlist.copies {
                guard let id = copy.originalID, seen.insert(id).inserted else { continue }
                library.songs.append(Song(id: id, fields: copy.fields))
            }
        }
        actions.append(
            "\(LibraryFiles.songs): it was missing; made it again with \(library.songs.count) original\(library.songs.count == 1 ? "" : "s") from the copies in the playlists (each with the details of its first copy)."
        )
    }
}
