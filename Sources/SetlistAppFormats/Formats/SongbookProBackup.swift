import SetlistModel
import SetlistSupport

/// A SongbookPro backup (`.sbpbackup`, or a shared `.sbp`): a ZIP archive whose `dataFile.txt` is
/// a version line (`1.0`) and then one JSON document, `{"songs": […], "sets": […], "folders": […]}`,
/// as the app's own exports show. Only `dataFile.txt` is read (the PDFs beside it are not).
///
/// A song carries its chart as ChordPro (`content`), `name`, `author`, `subTitle`, `key`,
/// `KeyShift`, `Capo`, `TempoInt`, `timeSig`, `Duration` (seconds), `SectionOrder`, `NotesText`
/// and `Deleted`; a set is `{"details": {"name", …}, "contents": [{"SongId", "Order",
/// "keyOfset", "Capo", …}]}`.
///
/// `key` numbers the notes from **A**: 0 is A, 3 is C, 10 is G. A real export shows it: a song
/// whose chart is in G (its intro G C D, chorus G … C … D) has `"key": 10`. The number says
/// nothing of the mode, so a song whose chart starts on the minor chord of that note is read
/// in minor. `KeyShift` is how far the app shows the song moved from the key it is written in
/// (the song is played in `key + KeyShift`, its chart stays in `key`); a set's `keyOfset` is
/// how far that set moves the song from the key it is written in.
public enum SongbookProBackup {
    /// The file name extensions SongbookPro writes.
    public static let fileExtensions: Set<String> = ["sbpbackup", "sbp"]
    /// The member holding the library.
    static let dataFile = "dataFile.txt"

    /// Whether a ZIP archive's members are a SongbookPro backup's.
    static func isBackup(_ archive: AppArchive) -> Bool {
        archive.memberNames.contains { $0 == dataFile || $0.hasSuffix("/" + dataFile) }
    }

    /// The songs and sets of the backup `bytes` (a ZIP archive).
    public static func read(_ bytes: [UInt8], file: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        let archive = try AppArchive(bytes, file: file)
        guard let member = archive.memberNames.first(where: { $0 == dataFile || $0.hasSuffix("/" + dataFile) }) else {
            throw .missingMember(file: file, member: dataFile, format: "SongbookPro backup")
        }
        return try read(data: try archive.read(member), file: file, notation: notation)
    }

    /// The library of a `dataFile.txt`: the version line, then the JSON.
    static func read(data: [UInt8], file: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        guard let start = data.firstIndex(where: { $0 == UInt8(ascii: "{") }) else {
            throw .invalidDocument(file: file, detail: "its dataFile.txt holds no library (no JSON object after the version line).")
        }
        var document = Document()
        var reader = JSONReader(bytes: Array(data[start...]))
        reader.dialect = .document
        do {
            try reader.readDocument { reader throws(JSONReadError) in try document.read(&reader) }
        } catch {
            throw .invalidDocument(file: file, detail: "its dataFile.txt cannot be read: \(error.description)")
        }
        return document.library(file: file, notation: notation)
    }

    /// The members of the document that are read; the rest (drawings, audio links) are skipped.
    struct Document {
        struct Song {
            var id: Int?
            var values = SongValues()
            var keyNumber: Int?
            var keyShift = 0
            var capo: Int?
            var deleted = false
        }

        struct SetItem {
            var songID: Int?
            var order = 0
            var keyOffset = 0
            var capo: Int?
            var deleted = false
        }

        struct Set {
            var name: String?
            var deleted = false
            var items: [SetItem] = []
        }

        var songs: [Song] = []
        var sets: [Set] = []

        mutating func read(_ reader: inout JSONReader) throws(JSONReadError) {
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "songs": try reader.readEach { reader throws(JSONReadError) in songs.append(try Self.song(&reader)) }
                case "sets": try reader.readEach { reader throws(JSONReadError) in sets.append(try Self.set(&reader)) }
                default: try reader.skipValue()
                }
            }
        }

        static func song(_ reader: inout JSONReader) throws(JSONReadError) -> Song {
            var song = Song()
            var subtitle: String?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "Id": song.id = try number(&reader)
                case "name": song.values.title = try text(&reader)
                case "author": song.values.author = try text(&reader)
                case "subTitle": subtitle = try text(&reader)
                case "content": song.values.chart = try text(&reader)
                case "key": song.keyNumber = try number(&reader)
                case "KeyShift": song.keyShift = try number(&reader) ?? 0
                case "Capo": song.capo = try number(&reader)
                case "TempoInt": song.values.bpm = try number(&reader).flatMap { $0 > 0 ? String($0) : nil }
                case "Duration": song.values.length = try number(&reader).flatMap { $0 > 0 ? String($0) : nil }
                case "NotesText": song.values.notes = try text(&reader)
                case "timeSig": song.values.timeSignature = try text(&reader)
                case "SectionOrder": song.values.order = SongValues.order(try text(&reader), label: OpenSongSong.label)
                case "Deleted": song.deleted = try flag(&reader)
                default: try reader.skipValue()
                }
            }
            // The author is the artist; a subtitle stands in for a missing one, as in ChordPro.
            if song.values.author?.isEmpty ?? true { song.values.author = subtitle }
            return song
        }

        static func set(_ reader: inout JSONReader) throws(JSONReadError) -> Set {
            var set = Set()
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "details":
                    try reader.readObject { key, reader throws(JSONReadError) in
                        switch key {
                        case "name": set.name = try text(&reader)
                        case "Deleted": set.deleted = try flag(&reader)
                        default: try reader.skipValue()
                        }
                    }
                case "contents":
                    try reader.readEach { reader throws(JSONReadError) in
                        var item = SetItem()
                        try reader.readObject { key, reader throws(JSONReadError) in
                            switch key {
                            case "SongId": item.songID = try number(&reader)
                            case "Order": item.order = try number(&reader) ?? 0
                            case "keyOfset": item.keyOffset = try number(&reader) ?? 0
                            case "Capo": item.capo = try number(&reader)
                            case "Deleted": item.deleted = try flag(&reader)
                            default: try reader.skipValue()
                            }
                        }
                        set.items.append(item)
                    }
                default: try reader.skipValue()
                }
            }
            return set
        }

        /// A number, or nil for null or a value of another kind (the app is not strict either).
        static func number(_ reader: inout JSONReader) throws(JSONReadError) -> Int? {
            switch try reader.readValue() {
            case .int(let value): value
            case .double(let value) where value.isFinite && abs(value) < 1e9: Int(value.rounded())
            case .string(let text): Int(text)
            default: nil
            }
        }

        static func text(_ reader: inout JSONReader) throws(JSONReadError) -> String? {
            if case .string(let text) = try reader.readValue() { return text }
            return nil
        }

        /// `Deleted` is `false` in songs and `0` in sets.
        static func flag(_ reader: inout JSONReader) throws(JSONReadError) -> Bool {
            switch try reader.readValue() {
            case .bool(let value): value
            case .int(let value): value != 0
            default: false
            }
        }

        func library(file: String, notation: KeyNotation) -> AppLibrary {
            var library = AppLibrary(format: .songbookPro)
            var indexByID: [Int: Int] = [:]
            for (position, song) in songs.enumerated() {
                let place = "\(file), song \(position + 1)"
                if song.deleted {
                    library.leftOut.append("\(place) (\(song.values.title ?? "untitled")): deleted in SongbookPro")
                    continue
                }
                var values = song.values
                values.capo = song.capo
                let written = song.keyNumber.flatMap { SongbookProBackup.key(number: $0, chart: values.chart) }
                values.chartKey = written
                values.knownKey = written.map { $0.transposed(by: song.keyShift) }
                guard
                    let fields = values.fields(
                        place: place, notation: notation, warnings: &library.warnings, leftOut: &library.leftOut)
                else { continue }
                if let id = song.id { indexByID[id] = library.songs.count }
                library.songs.append(AppSong(fields: fields))
            }
            for set in sets where !set.deleted {
                let name = set.name.map(Text.trimmedSpaces).flatMap { $0.isEmpty ? nil : $0 } ?? "SongbookPro set"
                var entries: [AppSet.Entry] = []
                // By their order, as the app lists them; items of one order stay as the file has them.
                for item in set.items.enumerated().sorted(by: { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }).map(
                    \.element)
                where !item.deleted {
                    guard let id = item.songID, let index = indexByID[id] else {
                        library.leftOut.append(
                            "\(name): a song deleted or not in the backup (SongId \(item.songID.map(String.init) ?? "none"))")
                        continue
                    }
                    let song = songs.first { $0.id == id }
                    let written = song?.keyNumber.flatMap { SongbookProBackup.key(number: $0, chart: song?.values.chart) }
                    let key = written.map { $0.transposed(by: item.keyOffset) }
                    entries.append(AppSet.Entry(song: .index(index), key: key, capo: item.capo.flatMap { $0 > 0 ? $0 : nil }))
                }
                library.sets.append(AppSet(name: name, entries: entries))
            }
            return library
        }
    }

    /// The key of SongbookPro's number `number` (0 is A, counting semitones up), in minor when
    /// the chart starts on that note's minor chord; nil for a number that is no note.
    static func key(number: Int, chart: String?) -> MusicalKey? {
        guard (0...11).contains(number) else { return nil }
        let pitchClass = (number + 9) % 12
        let first = chart.flatMap(firstChord)
        let minor = first.map { $0.root == pitchClass && $0.quality.hasPrefix("m") && !$0.quality.hasPrefix("maj") } ?? false
        return MusicalKey(pitchClass: pitchClass, mode: minor ? .minor : .major)
    }

    /// The first chord in brackets of a ChordPro text.
    static func firstChord(_ text: String) -> Chord? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            if let chord = Chord(String(rest[rest.index(after: open)..<close])) { return chord }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }
}
