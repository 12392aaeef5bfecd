import SetlistModel

/// What `import-songs` did, or would do with `--dry-run`.
public struct SongImportReport: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case added(SongFields)
        /// An original with the same title and author is already there and was left as it is.
        case matched(SongFields)
        /// `--update` changed these fields of the matching original.
        case updated(SongFields, SongFields, [SongField])
        /// The same song again (title and author) in this import, at `place` ("file, line 7", or
        /// a ChordPro file), first read at `first`: one original; with `otherChart`, another
        /// version, not imported (`--duplicate` adds it as a song of its own).
        case repeated(SongFields, place: String, first: String, otherChart: Bool)
    }

    public struct PlaylistOutcome: Hashable, Sendable {
        public var name: String
        public var created: Bool
        public var copied: Int
    }

    /// A chart without a `{key}` of a song without one, whose key was read from its chords.
    public struct InferredKey: Hashable, Sendable {
        public var song: String
        public var key: MusicalKey
    }

    /// A setlist made of another app's set or service.
    public struct SetlistOutcome: Hashable, Sendable {
        public var name: String
        /// The file the set came from.
        public var file: String
        public var copied = 0
        /// A playlist of that name was there already, and was left as it is.
        public var alreadyThere = false
        /// The set's own name, when it is no playlist name and the setlist is named otherwise.
        public var renamedFrom: String?
        /// Why the set's own name is no playlist name.
        public var renameReason: String?
        /// The set's songs that did not come over, each with why.
        public var leftOut: [String] = []
        /// The capo the set gave a song other than its own, which its copy's chart keeps.
        public var capos: [Capo] = []

        public struct Capo: Hashable, Sendable {
            public var song: String
            public var frets: Int
        }

        init(name: String, file: String) {
            self.name = name
            self.file = file
        }
    }

    public var sheets: [SongSheet]
    /// The charts whose key was read from their chords, in file order.
    public var inferredKeys: [InferredKey] = []
    /// One per song read, in file order.
    public var outcomes: [Outcome] = []
    public var playlist: PlaylistOutcome?
    /// The setlists made of other apps' sets, in file order.
    public var setlists: [SetlistOutcome] = []
    /// Files of a folder without an extension that are no song file, and were not read.
    public var unread: [String] = []
    /// With `--skip-invalid`, the files that could not be read.
    public var refused: [SpreadsheetError] = []
    /// The folders inside the folders named, which were not read.
    public var subfolders: [String] = []
    /// How keys are printed: the band's `config notation`.
    public var notation: KeyNotation

    public init(sheets: [SongSheet], notation: KeyNotation = .english) {
        self.sheets = sheets
        self.notation = notation
    }

    public var added: Int { outcomes.filter { if case .added = $0 { true } else { false } }.count }
    public var updated: Int { outcomes.filter { if case .updated = $0 { true } else { false } }.count }
    public var matched: Int { outcomes.filter { if case .matched = $0 { true } else { false } }.count }
    /// Other versions of a song, with another chart, that were not imported.
    public var otherVersions: Int { outcomes.filter { if case .repeated(_, _, _, true) = $0 { true } else { false } }.count }

    /// What must not pass unnoticed, for standard error (see ``SongSheet/warnings``).
    public var warnings: [String] { sheets.flatMap(\.warnings) }

    /// The report for people: per file what was read and ignored, per song what happened, and a
    /// summary.
    public func lines(dryRun: Bool, update: Bool) -> [String] {
        var lines: [String] = []
        for sheet in sheets {
            let sets = sheet.sets.isEmpty ? "" : ", \(sheet.sets.count) set\(sheet.sets.count == 1 ? "" : "s")"
            lines.append("\(sheet.file): \(sheet.songs.count) song\(sheet.songs.count == 1 ? "" : "s")\(sets) (\(sheet.kind.name))")
            if let header = sheet.headerRow {
                lines.append("  the first row is a header, not a song: " + header.map(SongCells.shown).joined(separator: ", "))
            }
            if !sheet.ignoredColumns.isEmpty {
                lines.append("  ignored columns: " + sheet.ignoredColumns.map(SongCells.shown).joined(separator: ", "))
            }
            for problem in sheet.problems { lines.append("  skipped \(problem)") }
            for column in sheet.columnProblems { lines.append("  left out the cells of \(column)") }
            for item in sheet.leftOut { lines.append("  left out \(item)") }
        }
        for file in unread { lines.append("\(file): no song file, not read") }
        // The file's own message says nothing was imported; here the other files were.
        for error in refused { lines.append("skipped \(error.description.replacingOccurrences(of: " Nothing was imported.", with: ""))") }
        for folder in subfolders { lines.append("\(folder): a folder inside, not read (name it to import its files)") }
        for outcome in outcomes {
            switch outcome {
            case .added(let fields): lines.append("+ \(Self.listing(fields))")
            case .matched(let fields): lines.append("= \(Self.listing(fields)): already in the repertoire")
            case .repeated(let fields, let place, let first, let otherChart) where otherChart:
                lines.append(
                    "! \(Self.listing(fields)) (\(place)): another version, with another chart; the song is the one of \(first), "
                        + "so this one was not imported (`--duplicate` adds it as a song of its own)")
            case .repeated(let fields, let place, let first, _):
                lines.append(
                    "= \(Self.listing(fields)) (\(place)): the same song as \(first), one song in the repertoire"
                        + (playlist.map { "; a copy of its own in '\($0.name)', with this row's key, tempo and length" } ?? ""))
            case .updated(let before, let after, let changed):
                lines.append(
                    "~ \(Self.listing(after)): "
                        + changed.map { Self.change($0, before, after, notation: notation) }.joined(separator: ", "))
            }
        }
        for inferred in inferredKeys {
            lines.append("  " + Chart.inferredKeyNote(song: inferred.song, key: inferred.key, notation: notation))
        }
        let would = dryRun ? "Would add" : "Added"
        var summary = "\(would) \(added) song\(added == 1 ? "" : "s")"
        if update { summary += ", \(dryRun ? "update" : "updated") \(updated)" }
        if matched > 0 {
            summary +=
                "; \(matched) already in the repertoire "
                + (update ? "(unchanged)" : "(skipped; --update changes them to the file's values)")
        }
        if otherVersions > 0 {
            summary += "; \(otherVersions) other version\(otherVersions == 1 ? "" : "s") of a song not imported (--duplicate adds them)"
        }
        lines.append(summary + ".")
        if let playlist {
            let verb = dryRun ? "Would copy" : "Copied"
            lines.append(
                "\(verb) \(playlist.copied) song\(playlist.copied == 1 ? "" : "s") into '\(playlist.name)'"
                    + (playlist.created ? " (a new playlist)." : "."))
        }
        for setlist in setlists {
            if let name = setlist.renamedFrom, let reason = setlist.renameReason {
                // The reason's first sentence: what to choose instead is for names a user types.
                let why = reason.components(separatedBy: ". ").first.map { $0.hasSuffix(".") ? $0 : $0 + "." } ?? reason
                lines.append("The set '\(SongCells.shown(name))' (\(setlist.file)) is named '\(setlist.name)': \(why)")
            }
            if setlist.alreadyThere {
                lines.append("The setlist '\(setlist.name)' (\(setlist.file)) is already there: left as it is.")
                continue
            }
            let verb = dryRun ? "Would make" : "Made"
            lines.append(
                "\(verb) the setlist '\(setlist.name)' of \(setlist.copied) song\(setlist.copied == 1 ? "" : "s") (\(setlist.file)).")
            for item in setlist.leftOut { lines.append("  left out \(item)") }
            for capo in setlist.capos { lines.append("  \(capo.song): capo \(capo.frets) in this set, its chart the shapes") }
        }
        if dryRun { lines.append("Nothing was changed (--dry-run).") }
        return lines
    }

    static func listing(_ fields: SongFields) -> String {
        fields.name + (fields.author.map { " — " + $0 } ?? "")
    }

    static func change(_ field: SongField, _ before: SongFields, _ after: SongFields, notation: KeyNotation) -> String {
        if field == .notes { return "notes changed" }
        if field == .chart { return before.chart == nil ? "chart added" : after.chart == nil ? "chart removed" : "chart changed" }
        return "\(field.rawValue) \(before.shown(field, notation: notation) ?? "—") → \(after.shown(field, notation: notation) ?? "—")"
    }
}
