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
            var format: String?, version: Int?, songs: ([Song], [Range<Int>])?
            let plain = skim.members { key, skim in
                switch key {
                case "format": return skim.read(&format) { $0.text() }
                case "version": return skim.read(&version) { $0.integer() }
                case "songs": return skim.read(&songs, with: readSongs)
                case "conflicts": return skim.takeNull()
                default: return false
                }
            }
            guard plain, skim.isAtEnd, let format, let version, let songs else { return nil }
            return LibraryFiles.SongsFile(format: format, version: version, songs: songs.0, conflicts: nil, songRanges: songs.1)
        }
    }

    /// The songs, and where each one's object lies.
    private static func readSongs(_ skim: inout JSONSkim) -> ([Song], [Range<Int>])? {
        var songs: [Song] = []
        var ranges: [Range<Int>] = []
        let plain = skim.elements { skim in
            skim.skipSpace()
            let start = skim.index
            guard let song = readSong(&skim) else { return false }
            songs.append(song)
            ranges.append(start..<skim.index)
            return true
        }
        return plain ? (songs, ranges) : nil
    }

    private static func readSong(_ skim: inout JSONSkim) -> Song? {
        guard let record = Record.read(&skim), Record.Keys.song.isSuperset(of: record.keys), let id = record.id, let fields = record.fields
        else { return nil }
        return Song(id: id, fields: fields)
    }

    /// The members of a song, a copy or a break, read as their Codable reads them.
    struct Record {
        /// The members a record may have, one bit each.
        struct Keys: OptionSet {
            let rawValue: Int
            static let id = Keys(rawValue: 1), original = Keys(rawValue: 2), name = Keys(rawValue: 4), author = Keys(rawValue: 8)
            static let notes = Keys(rawValue: 16), length = Keys(rawValue: 32), bpm = Keys(rawValue: 64), key = Keys(rawValue: 128)
            static let label = Keys(rawValue: 256)
            static let song: Keys = [.id, .name, .author, .notes, .length, .bpm, .key]
            static let copy: Keys = song.union(.original)
        }

        /// The member the bytes of `key` name, or none; by length first, as each record's every
        /// key is looked up.
        static func member(_ key: Range<Int>, in skim: JSONSkim) -> Keys {
            switch key.count {
            case 2: skim.bytes(key, are: "id") ? .id : []
            case 3: skim.bytes(key, are: "bpm") ? .bpm : skim.bytes(key, are: "key") ? .key : []
            case 4: skim.bytes(key, are: "name") ? .name : []
            case 5: skim.bytes(key, are: "notes") ? .notes : skim.bytes(key, are: "break") ? .label : []
            case 6: skim.bytes(key, are: "author") ? .author : skim.bytes(key, are: "length") ? .length : []
            case 8: skim.bytes(key, are: "original") ? .original : []
            default: []
            }
        }

        var keys: Keys = []
        var id: String?, original: String?, name: String?, author: String?, notes: String?, label: String?
        var length: Int?, bpm: Int?, key: MusicalKey?

        var fields: SongFields? {
            name.map { SongFields(name: $0, author: author, length: length, key: key, bpm: bpm, notes: notes) }
        }

        /// The object that comes next, each key once; nil for another key or value. Keys are
        /// compared as bytes: one written with an escape is another key here, and the decoder's to read.
        static func read(_ skim: inout JSONSkim) -> Record? {
            guard skim.take(UInt8(ascii: "{")) else { return nil }
            var record = Record()
            if skim.take(UInt8(ascii: "}")) { return record }
            repeat {
                guard let field = skim.string(), skim.take(UInt8(ascii: ":")) else { return nil }
                let member = Self.member(field, in: skim)
                guard !member.isEmpty, record.keys.insert(member).inserted else { return nil }
                switch member {
                case .id:
                    guard let text = skim.text() else { return nil }
                    record.id = text
                case .name:
                    guard let text = skim.text() else { return nil }
                    record.name = text
                case .label:
                    guard let text = skim.text() else { return nil }
                    record.label = text
                case .original:
                    guard let value = optionalText(&skim) else { return nil }
                    record.original = value
                case .author:
                    guard let value = optionalText(&skim) else { return nil }
                    record.author = value
                case .notes:
                    guard let value = optionalText(&skim) else { return nil }
                    record.notes = value
                case .length:
                    guard let value = optionalInteger(&skim) else { return nil }
                    record.length = value
                case .bpm:
                    guard let value = optionalInteger(&skim) else { return nil }
                    record.bpm = value
                default:
                    guard let value = optionalText(&skim) else { return nil }
                    if let text = value {
                        // As MusicalKey's Decodable reads it; a key it refuses is the decoder's error to report.
                        guard let parsed = MusicalKey(parsing: text) else { return nil }
                        record.key = parsed
                    }
                }
            } while skim.take(UInt8(ascii: ","))
            return skim.take(UInt8(ascii: "}")) ? record : nil
        }
    }

    /// One song read from its object's bytes (a song the skim found), or nil for the decoder.
    static func song(_ data: Data) -> Song? {
        data.withUnsafeBytes { raw -> Song? in
            var skim = JSONSkim(raw)
            guard let song = readSong(&skim), skim.isAtEnd else { return nil }
            return song
        }
    }

    // MARK: Playlist files

    /// A playlist file read directly, or nil for the decoder: copies and breaks only (a received
    /// document, a plan or conflicts go to the decoder).
    static func readPlaylist(_ data: Data) -> LibraryFiles.PlaylistFile? {
        data.withUnsafeBytes { raw -> LibraryFiles.PlaylistFile? in
            var skim = JSONSkim(raw)
            var format: String?, version: Int?, id: String?, name: String?, items: [PlaylistItem]?
            let plain = skim.members { key, skim in
                switch key {
                case "format": return skim.read(&format) { $0.text() }
                case "version": return skim.read(&version) { $0.integer() }
                case "id": return skim.read(&id) { $0.text() }
                case "name": return skim.read(&name) { $0.text() }
                case "items": return skim.read(&items, with: readItems)
                case "received", "plan", "conflicts": return skim.takeNull()
                default: return false
                }
            }
            guard plain, skim.isAtEnd, let format, let version, let id, let name, let items else { return nil }
            return LibraryFiles.PlaylistFile(format: format, version: version, id: id, name: name, items: items, conflicts: nil)
        }
    }

    private static func readItems(_ skim: inout JSONSkim) -> [PlaylistItem]? {
        var items: [PlaylistItem] = []
        let plain = skim.elements { skim in
            guard let record = Record.read(&skim) else { return false }
            if record.keys == .label, let label = record.label {
                items.append(.setBreak(label))
            } else if Record.Keys.copy.isSuperset(of: record.keys), let id = record.id, let fields = record.fields {
                items.append(.song(SongCopy(id: id, originalID: record.original, fields: fields)))
            } else {
                return false
            }
            return true
        }
        return plain ? items : nil
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
        return write(file) { _, _ in nil }
    }

    /// The song list as the encoder lays it out, each song either as the bytes `songAt` gives
    /// for it (by its position in the list) or, when it gives none, encoded.
    static func write(_ file: LibraryFiles.SongsFile, songAt: (Int, Song) -> UnsafeBufferPointer<UInt8>?) -> Data {
        var writer = JSONFormat.Writer(capacity: 256 + file.songs.count * 400)
        writer.object { writer in
            writer.member("format", file.format)
            writer.key("songs")
            writer.array(file.songs.indices) { writer, index in
                let song = file.songs[index]
                if let bytes = songAt(index, song) {
                    writer.value(verbatim: bytes)
                } else {
                    writer.object { $0.fields(song.fields, id: song.id) }
                }
            }
            writer.member("version", file.version)
        }
        return writer.document
    }

    /// A playlist file's bytes as ``JSONFormat/document(_:)`` writes them; nil for a received
    /// playlist, a plan or conflicts (the encoder writes those). A change to a song rewrites every
    /// playlist holding a copy of it, and the encoder took longer than the rest of `edit-song`.
    static func writePlaylist(_ file: LibraryFiles.PlaylistFile) -> Data? {
        guard file.received == nil, file.plan == nil, file.conflicts == nil else { return nil }
        var writer = JSONFormat.Writer(capacity: 256 + file.items.count * 400)
        writer.object { writer in
            writer.member("format", file.format)
            writer.member("id", file.id)
            writer.key("items")
            writer.array(file.items) { writer, item in
                switch item {
                case .setBreak(let label): writer.object { $0.member("break", label) }
                case .song(let copy): writer.copy(copy)
                }
            }
            writer.member("name", file.name)
            writer.member("version", file.version)
        }
        return writer.document
    }

    /// Songs as ``JSONFormat/encoder()`` writes an array of them, without a final new line.
    static func json(_ list: [Song]) -> Data {
        var writer = JSONFormat.Writer(capacity: 16 + list.count * 400)
        songs(list, into: &writer)
        return Data(writer.bytes)
    }

    /// An array of songs, each as its `Encodable` writes it.
    private static func songs(_ songs: [Song], into writer: inout JSONFormat.Writer) {
        writer.array(songs) { writer, song in writer.object { $0.fields(song.fields, id: song.id) } }
    }
}
