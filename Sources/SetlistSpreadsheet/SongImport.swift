import SetlistModel

/// Adds the songs of CSV and ChordPro files to the repertoire, and optionally copies them into a
/// playlist in file order.
public enum SongImport {
    public struct Options: Sendable, Hashable {
        /// Change a matching original to the file's values instead of skipping the row.
        public var update: Bool
        /// Import the valid rows and report the others, instead of importing nothing.
        public var skipInvalid: Bool
        /// The playlist to copy the songs into; created when it does not exist.
        public var playlist: String?
        /// Add a song whose title and author match another's, but whose chart differs, as a song
        /// of its own (a second version in a ChordPro folder), instead of reporting it.
        public var duplicate: Bool

        public init(update: Bool = false, skipInvalid: Bool = false, playlist: String? = nil, duplicate: Bool = false) {
            self.update = update
            self.skipInvalid = skipInvalid
            self.playlist = playlist
            self.duplicate = duplicate
        }
    }

    /// Imports `sheets` into `library`. Unless `skipInvalid`, any invalid row in any file stops
    /// the whole import (every one is reported) and leaves `library` as it was.
    public static func apply(_ sheets: [SongSheet], to library: inout Library, options: Options) throws(SpreadsheetError)
        -> SongImportReport
    {
        let invalid = sheets.filter(\.isInvalid)
        if !options.skipInvalid, !invalid.isEmpty {
            let errors = invalid.map { SpreadsheetError.invalidRows($0) }
            throw errors.count == 1 ? errors[0] : .several(errors)
        }
        var report = SongImportReport(sheets: sheets, notation: library.notation)
        var chosen: [(id: String, row: IncomingSong)] = []
        var originals = Originals(library.songs)
        // Where each original this import added or matched was first read: a later row or file
        // of the same song is a repeat (a setlist's song played twice, a second version).
        var firstRead: [String: String] = [:]
        // The original of each song of each file, for the setlists of other apps' sets.
        var sheetIDs: [[String]] = []
        for sheet in sheets {
            var ids: [String] = []
            for incoming in sheet.songs {
                let place = sheet.kind == .csv ? "\(sheet.file), line \(incoming.line)" : sheet.file
                if let index = originals.first(matching: incoming.fields), let first = firstRead[library.songs[index].id] {
                    let original = library.songs[index]
                    let otherChart = hasOtherChart(incoming.fields, than: original.fields)
                    if !(otherChart && options.duplicate) {
                        report.outcomes.append(.repeated(incoming.fields, place: place, first: first, otherChart: otherChart))
                        chosen.append((original.id, incoming))
                        ids.append(original.id)
                        continue
                    }
                }
                let id = merge(
                    incoming.fields, into: &library, originals: &originals, options: options, report: &report)
                firstRead[id] = firstRead[id] ?? place
                chosen.append((id, incoming))
                ids.append(id)
            }
            sheetIDs.append(ids)
        }
        if let name = options.playlist {
            report.playlist = copy(chosen, into: name, library: &library)
        }
        var madeSetlists: Set<String> = []
        for (sheet, ids) in zip(sheets, sheetIDs) {
            for set in sheet.sets {
                report.setlists.append(AppSetlists.make(set, of: sheet.file, songIDs: ids, library: &library, made: &madeSetlists))
            }
        }
        return report
    }

    /// Adds the song, or finds (and with `update` changes) the original it matches; returns the
    /// original's id.
    private static func merge(
        _ fields: SongFields, into library: inout Library, originals: inout Originals, options: Options, report: inout SongImportReport
    ) -> String {
        var fields = fields
        let index = originals.first(matching: fields)
        // With --duplicate, another version of a song (its chart differs) is a song of its own.
        let otherVersion = index.map { hasOtherChart(fields, than: library.songs[$0].fields) } ?? false
        guard let index, !(otherVersion && options.duplicate) else {
            fields.chart = settled(fields.chart, songKey: fields.key, name: fields.name, report: &report)
            let song = library.addSong(fields)
            originals.add(song, at: library.songs.count - 1)
            report.outcomes.append(.added(fields))
            return song.id
        }
        let original = library.songs[index]
        guard options.update else {
            report.outcomes.append(.matched(original.fields))
            return original.id
        }
        fields.chart = settled(fields.chart, songKey: fields.key ?? original.fields.key, name: fields.name, report: &report)
        // Cells left empty in the file keep what the original has.
        var edit = SongEdit()
        edit.length = fields.length.map { .some($0) }
        edit.key = fields.key.map { .some($0) }
        edit.bpm = fields.bpm.map { .some($0) }
        edit.notes = fields.notes.map { .some($0) }
        edit.chart = fields.chart.map { .some($0) }
        let before = library.songs[index].fields
        library.applyEdit(edit, toSongAt: index, everywhere: false)
        let changed = library.songs[index].fields.differences(from: before).sorted()
        report.outcomes.append(changed.isEmpty ? .matched(before) : .updated(before, library.songs[index].fields, changed))
        return original.id
    }

    /// Whether `incoming` has a chart and it is not `original`'s: compared with its key settled as
    /// the original would take it (``Chart/settled(forSongIn:)``), so that the same file read
    /// again is the same chart.
    private static func hasOtherChart(_ incoming: SongFields, than original: SongFields) -> Bool {
        guard let chart = incoming.chart else { return false }
        return chart.settled(forSongIn: incoming.key ?? original.key).chart != original.chart
    }

    /// The chart with its key settled for a song in `songKey` (``Chart/settled(forSongIn:)``);
    /// a key read from its chords is reported.
    private static func settled(_ chart: Chart?, songKey: MusicalKey?, name: String, report: inout SongImportReport) -> Chart? {
        guard let chart else { return nil }
        let (settled, inferred) = chart.settled(forSongIn: songKey)
        if let inferred { report.inferredKeys.append(.init(song: name, key: inferred)) }
        return settled
    }

    /// Copies the originals into the playlist `name` (a new one when none has the name), with a
    /// break wherever the set label changes. Each copy has its row's length, key and tempo where
    /// the row gives them: a setlist's song played twice, in two keys, is two copies of one song.
    private static func copy(_ chosen: [(id: String, row: IncomingSong)], into name: String, library: inout Library)
        -> SongImportReport.PlaylistOutcome
    {
        var created = false
        let index: Int
        if let existing = library.playlists.firstIndex(where: { Text.fold($0.name) == Text.fold(name) }) {
            index = existing
        } else {
            library.playlists.append(Playlist(name: name))
            index = library.playlists.count - 1
            library.currentPlaylistID = library.playlists[index].id
            created = true
        }
        var previousSet = chosen.first?.row.set
        let byID = Dictionary(library.songs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for item in chosen {
            guard let song = byID[item.id] else { continue }
            if let set = item.row.set, set != previousSet, !library.playlists[index].copies.isEmpty {
                library.playlists[index].items.append(.setBreak(set))
            }
            previousSet = item.row.set ?? previousSet
            var copy = SongCopy(of: song)
            let row = item.row.fields
            copy.fields.length = row.length ?? copy.fields.length
            copy.fields.key = row.key ?? copy.fields.key
            copy.fields.bpm = row.bpm ?? copy.fields.bpm
            library.playlists[index].items.append(.song(copy))
        }
        return .init(name: library.playlists[index].name, created: created, copied: chosen.count)
    }

    /// The repertoire's originals by what ``SongMatching`` compares (title and author), so that
    /// each row is matched at once, not by looking through the repertoire for every row (a whole
    /// repertoire imported at once would take quadratic time).
    struct Originals {
        private var indices: [String: [Int]] = [:]

        init(_ songs: [Song]) {
            for (index, song) in songs.enumerated() { add(song, at: index) }
        }

        private static func key(_ fields: SongFields) -> String {
            SongMatching.comparable(fields.name) + "\u{0}" + SongMatching.comparable(fields.author ?? "")
        }

        mutating func add(_ song: Song, at index: Int) {
            indices[Self.key(song.fields), default: []].append(index)
        }

        /// The first original (in repertoire order) with the title and author of `fields`.
        func first(matching fields: SongFields) -> Int? {
            indices[Self.key(fields)]?.first
        }
    }
}
