import Foundation

/// The song list (`songs.json`) read and written directly, without Codable: a 30 000-song list
/// took the decoder a quarter of a second and the encoder as long, for every song added.
///
/// Both keep to what the decoder and encoder do. Reading takes the keys setlist writes, each
/// once, with plain JSON values; anything else (conflicts, an unknown key, a number with a
/// fraction, a key that does not parse) gives nil, and the decoder reads the file with its
/// errors. Writing gives the encoder's bytes (``JSONFormat``): the same layout, the same escapes.
/// `SongListCodecTests` compares both with Codable on random songs.
enum SongListCodec {
    // MARK: Reading

    /// The file read, or nil for the decoder to read it.
    static func read(_ data: Data) -> LibraryFiles.SongsFile? {
        data.withUnsafeBytes { raw -> LibraryFiles.SongsFile? in
            var skim = JSONSkim(raw)
            var keys: Set<String> = []
            var format: String?, version: Int?, songs: [Song]?
            guard skim.take(UInt8(ascii: "{")) else { return nil }
            if !skim.take(UInt8(ascii: "}")) {
                repeat {
                    guard let key = skim.text(), keys.insert(key).inserted, skim.take(UInt8(ascii: ":")) else { return nil }
                    switch key {
                    case "format":
                        guard let text = skim.text() else { return nil }
                        format = text
                    case "version":
                        guard let number = skim.integer() else { return nil }
                        version = number
                    case "songs":
                        guard let list = readSongs(&skim) else { return nil }
                        songs = list
                    case "conflicts": guard skim.takeNull() else { return nil }
                    default: return nil
                    }
                } while skim.take(UInt8(ascii: ","))
                guard skim.take(UInt8(ascii: "}")) else { return nil }
            }
            guard skim.isAtEnd, let format, let version, let songs else { return nil }
            return LibraryFiles.SongsFile(format: format, version: version, songs: songs, conflicts: nil)
        }
    }

    private static func readSongs(_ skim: inout JSONSkim) -> [Song]? {
        guard skim.take(UInt8(ascii: "[")) else { return nil }
        var songs: [Song] = []
        if skim.take(UInt8(ascii: "]")) { return songs }
        repeat {
            guard let song = readSong(&skim) else { return nil }
            songs.append(song)
        } while skim.take(UInt8(ascii: ","))
        return skim.take(UInt8(ascii: "]")) ? songs : nil
    }

    private static func readSong(_ skim: inout JSONSkim) -> Song? {
        guard skim.take(UInt8(ascii: "{")) else { return nil }
        var id: String?, name: String?, author: String?, notes: String?, length: Int?, bpm: Int?, key: MusicalKey?
        var seen: Set<String> = []
        if !skim.take(UInt8(ascii: "}")) {
            repeat {
                guard let field = skim.text(), seen.insert(field).inserted, skim.take(UInt8(ascii: ":")) else { return nil }
                switch field {
                case "id":
                    guard let text = skim.text() else { return nil }
                    id = text
                case "name":
                    guard let text = skim.text() else { return nil }
                    name = text
                case "author":
                    guard let value = optionalText(&skim) else { return nil }
                    author = value
                case "notes":
                    guard let value = optionalText(&skim) else { return nil }
                    notes = value
                case "length":
                    guard let value = optionalInteger(&skim) else { return nil }
                    length = value
                case "bpm":
                    guard let value = optionalInteger(&skim) else { return nil }
                    bpm = value
                case "key":
                    guard let value = optionalText(&skim) else { return nil }
                    if let text = value {
                        // As MusicalKey's Decodable reads it; a key it refuses is the decoder's error to report.
                        guard let parsed = MusicalKey.canonical[text] ?? MusicalKey(parsing: text) else { return nil }
                        key = parsed
                    }
                default: return nil
                }
            } while skim.take(UInt8(ascii: ","))
            guard skim.take(UInt8(ascii: "}")) else { return nil }
        }
        guard let id, let name else { return nil }
        return Song(id: id, fields: SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes))
    }

    /// An optional string: `null` is `.some(nil)`; nil when neither comes next.
    private static func optionalText(_ skim: inout JSONSkim) -> String?? {
        if skim.takeNull() { return .some(nil) }
        return skim.text().map { .some($0) }
    }

    /// An optional whole number: `null` is `.some(nil)`; nil when neither comes next.
    private static func optionalInteger(_ skim: inout JSONSkim) -> Int?? {
        if skim.takeNull() { return .some(nil) }
        return skim.integer().map { .some($0) }
    }

    // MARK: Writing

    /// The file's bytes as ``JSONFormat/document(_:)`` writes them; nil with conflicts (the encoder writes those).
    static func write(_ file: LibraryFiles.SongsFile) -> Data? {
        guard file.conflicts == nil else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(256 + file.songs.count * 400)
        func append(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func member(_ key: StaticString, _ write: () -> Void, last: Bool = false) {
            append("      \"")
            append(key)
            append("\" : ")
            write()
            if !last { append(",") }
            append("\n")
        }
        append("{\n  \"format\" : ")
        string(file.format, into: &out)
        append(",\n  \"songs\" : [\n")
        if file.songs.isEmpty { append("\n") }
        for (index, song) in file.songs.enumerated() {
            let f = song.fields
            append("    {\n")
            if let author = f.author { member("author") { string(author, into: &out) } }
            if let bpm = f.bpm { member("bpm") { out.append(contentsOf: String(bpm).utf8) } }
            member("id") { string(song.id, into: &out) }
            if let key = f.key { member("key") { string(key.description, into: &out) } }
            if let length = f.length { member("length") { out.append(contentsOf: String(length).utf8) } }
            member("name", { string(f.name, into: &out) }, last: f.notes == nil)
            if let notes = f.notes { member("notes", { string(notes, into: &out) }, last: true) }
            append(index == file.songs.count - 1 ? "    }\n" : "    },\n")
        }
        append("  ],\n  \"version\" : ")
        out.append(contentsOf: String(file.version).utf8)
        append("\n}\n")
        return Data(out)
    }

    /// A JSON string as the encoder writes one: `"` and `\` escaped, the controls as `\b \t \n
    /// \f \r` or `\u00xx`, everything else (slashes, DEL, any other letter) as it is.
    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(contentsOf: Array(Hex.digits(UInt64(byte), 2).utf8))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONSkim {
    /// The string that comes next, its escapes read as JSON reads them; nil when none comes next
    /// or it breaks JSON's rules (a control character, an unknown escape, a lone surrogate,
    /// bytes that are not UTF-8).
    mutating func text() -> String? {
        guard let range = string() else { return nil }
        return unescaped(range)
    }
}
