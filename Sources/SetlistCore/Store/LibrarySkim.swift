import Foundation

/// Reading the few songs and order entries a command needs from the library's files, with
/// ``JSONSkim`` and, for a song list laid out as setlist writes it, song by song.
extension LibraryFiles {
    /// The originals with these ids from the bytes of `songs.json`, in the file's order, decoding
    /// only them; nil when the file is not plainly readable so (then it is read whole, and any
    /// error reported as ever): no `format`, `version` or `songs`, a newer version, conflicts.
    /// The other songs are passed over, not checked.
    static func songs(withIDs ids: Set<String>, in data: Data) -> [Song]? {
        if let songs = songsAsWritten(withIDs: ids, in: data) { return songs }
        return data.withUnsafeBytes { raw -> [Song]? in
            var skim = JSONSkim(raw)
            var version: Int?
            var format = false, list = false
            var wanted: [Range<Int>] = []
            guard skim.take(UInt8(ascii: "{")) else { return nil }
            if !skim.take(UInt8(ascii: "}")) {
                repeat {
                    guard let key = skim.string(), skim.take(UInt8(ascii: ":")) else { return nil }
                    if skim.bytes(key, are: "version") {
                        guard let number = skim.integer() else { return nil }
                        version = number
                    } else if skim.bytes(key, are: "format") {
                        guard skim.string() != nil else { return nil }
                        format = true
                    } else if skim.bytes(key, are: "conflicts") || skim.hasEscape(key) {
                        // Conflicts (rare) are checked by the decoder; so is a key it might read as one of these.
                        return nil
                    } else if skim.bytes(key, are: "songs") {
                        list = true
                        let read = skim.elements { skim in
                            guard let element = song(&skim, ids: ids) else { return false }
                            if let element { wanted.append(element) }
                            return true
                        }
                        guard read else { return nil }
                    } else if !skim.skipValue() {
                        return nil
                    }
                } while skim.take(UInt8(ascii: ","))
                guard skim.take(UInt8(ascii: "}")) else { return nil }
            }
            guard skim.isAtEnd, format, list, let version, version <= LibraryFiles.version else { return nil }
            let decoder = JSONDecoder()
            var songs: [Song] = []
            for range in wanted {
                let bytes = skim.data(range)
                guard let song = decodedSong(bytes, with: decoder) else { return nil }
                if ids.contains(song.id) { songs.append(song) }
            }
            return songs
        }
    }

    /// The songs with these ids from a song list laid out as setlist writes it (pretty-printed, two
    /// spaces a level, keys sorted; no conflicts): each song's id stands on a line of its own, and
    /// as JSON text never holds a line break inside a string, only a song's key can start such a
    /// line. Nil when the file is laid out otherwise.
    static func songsAsWritten(withIDs ids: Set<String>, in data: Data) -> [Song]? {
        songsAsWritten(withIDs: ids, in: data, recording: false)?.songs
    }

    /// The same, and with `recording`, where every song's object lies (for ``SongIndex``).
    static func songsAsWritten(withIDs ids: Set<String>, in data: Data, recording: Bool) -> (songs: [Song], records: [SongIndex.Record])? {
        data.withUnsafeBytes { raw -> ([Song], [SongIndex.Record])? in
            guard let base = raw.baseAddress else { return nil }
            let bytes = raw.bindMemory(to: UInt8.self)
            let head = Array("{\n  \"format\" : \"setlist-songs\",\n  \"songs\" : [\n    {\n".utf8)
            guard bytes.starts(with: head) else { return nil }
            // The end: `    }\n  ],\n  "version" : 1\n}`, perhaps with a line break after it.
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0A { end -= 1 }
            guard end >= 2, bytes[end - 1] == UInt8(ascii: "}"), bytes[end - 2] == 0x0A else { return nil }
            var first = end - 2
            while first > 0, (0x30...0x39).contains(bytes[first - 1]) { first -= 1 }
            let tail = Array("\n    }\n  ],\n  \"version\" : ".utf8)
            guard first < end - 2, first >= tail.count, bytes[(first - tail.count)..<first].elementsEqual(tail),
                let version = Int(String(decoding: bytes[first..<(end - 2)], as: UTF8.self)), version <= LibraryFiles.version
            else { return nil }
            // Just after the last song's closing brace.
            let listEnd = first - tail.count + 6
            let opening = Array("\n    {\n".utf8)
            // The first eight bytes of the ids looked for: most ids are passed over on them alone.
            func prefix(_ bytes: UnsafeRawPointer) -> UInt64 { bytes.loadUnaligned(as: UInt64.self) }
            let short = ids.contains { $0.utf8.count < 8 }
            var prefixes = HashSet64(capacity: ids.count)
            for id in ids where id.utf8.count >= 8 { prefixes.insert(Array(id.utf8.prefix(8)).withUnsafeBytes { prefix($0.baseAddress!) }) }
            let key = Array("      \"id\" : \"".utf8)
            let start = key.withUnsafeBytes { prefix($0.baseAddress!) }
            /// Just after the `}` that closes a song, the first on a line of its own (`    }`) after
            /// `from`: `}` found by memchr (glibc's memmem took ten times as long), then its line checked.
            func objectEnd(after from: Int) -> Int? {
                var at = from
                while at < listEnd, let found = memchr(base + at, Int32(UInt8(ascii: "}")), listEnd - at) {
                    let brace = UnsafeRawPointer(found) - base
                    if brace >= 5 && memcmp(base + brace - 5, "\n    ", 5) == 0 { return brace + 1 }
                    at = brace + 1
                }
                return nil
            }
            /// The end of the line that starts at `line`.
            func lineEnd(_ line: Int) -> Int { memchr(base + line, 0x0A, listEnd - line).map { UnsafeRawPointer($0) - base } ?? listEnd }
            /// The wanted songs of the objects from the one whose line starts at `first` up to
            /// `limit`, and with `recording` where each object lies; nil to give up.
            func scan(objects first: Int, upTo limit: Int) -> ([Song], [SongIndex.Record])? {
                let decoder = JSONDecoder()
                var songs: [Song] = []
                var records: [SongIndex.Record] = []
                var object = first
                // Object by object: the id stands on one of its first lines (the keys are sorted,
                // only `author` and `bpm` come before it), and its end is the line `    }`, which a
                // string cannot hold (a string holds no line break). memchr passes over the rest.
                while object < limit {
                    guard listEnd - object >= 6, memcmp(base + object, "    {\n", 6) == 0 else { return nil }
                    var line = object + 6
                    while !(listEnd - line > key.count && prefix(base + line) == start && memcmp(base + line, key, key.count) == 0) {
                        guard listEnd - line >= 5, memcmp(base + line, "    }", 5) != 0 else { return nil }
                        line = lineEnd(line) + 1
                        guard line < listEnd else { return nil }
                    }
                    let idStart = line + key.count
                    let idEnd = lineEnd(idStart)
                    guard let found = memchr(base + idStart, Int32(UInt8(ascii: "\"")), idEnd - idStart) else { return nil }
                    let quote = UnsafeRawPointer(found) - base
                    guard let end = objectEnd(after: quote) else { return nil }
                    defer { object = end + 2 }
                    guard end == listEnd || (listEnd - end >= 2 && memcmp(base + end, ",\n", 2) == 0) else { return nil }
                    // An escaped id could spell a wanted one: the decoder's to read.
                    guard memchr(base + idStart, Int32(UInt8(ascii: "\\")), quote - idStart) == nil else { return nil }
                    if recording {
                        let hash = XXH64.hash(UnsafeRawBufferPointer(start: base + idStart, count: quote - idStart))
                        records.append(.init(hash: hash, offset: UInt32(object + 4), length: UInt32(end - (object + 4))))
                    }
                    guard short || (quote - idStart >= 8 && prefixes.contains(prefix(base + idStart))) else { continue }
                    let id = String(decoding: bytes[idStart..<quote], as: UTF8.self)
                    guard ids.contains(id) else { continue }
                    guard case let bytes = Data(bytes: base + object + 4, count: end - (object + 4)),
                        let song = decodedSong(bytes, with: decoder),
                        song.id == id
                    else { return nil }
                    songs.append(song)
                }
                return (songs, records)
            }
            let firstObject = head.count - 6
            // A large list (30 000 songs is 13 MB) is scanned in two halves at once, split where an
            // object starts; the songs keep the file's order.
            let half = (firstObject + listEnd) / 2
            guard listEnd - firstObject > Self.parallelSkimBytes,
                let middle = Bytes.find(opening, in: base, from: half, to: listEnd).map({ $0 + 1 })
            else { return scan(objects: firstObject, upTo: listEnd) }
            let halves = SkimHalves(scan: scan)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    halves.first = halves.scan(firstObject, middle)
                } else {
                    halves.second = halves.scan(middle, listEnd)
                }
            }
            guard let first = halves.first, let second = halves.second else { return nil }
            return (first.0 + second.0, first.1 + second.1)
        }
    }

    /// The size of song list from which ``songsAsWritten(withIDs:in:)`` scans in two threads: below
    /// it, starting them costs more than they save.
    static let parallelSkimBytes = 1 << 20

    /// The two halves' songs of a list scanned in two threads, each written by one (nil: it gave up).
    /// Unchecked: `scan` only reads the bytes and builds its own values, so two calls may run at once.
    private final class SkimHalves: @unchecked Sendable {
        let scan: (_ first: Int, _ limit: Int) -> ([Song], [SongIndex.Record])?
        var first: ([Song], [SongIndex.Record])?
        var second: ([Song], [SongIndex.Record])?

        init(scan: @escaping (_ first: Int, _ limit: Int) -> ([Song], [SongIndex.Record])?) {
            self.scan = scan
        }
    }

    /// One song from the bytes of its object: read directly when it can be, else by `decoder`.
    private static func decodedSong(_ bytes: Data, with decoder: JSONDecoder) -> Song? {
        SongListCodec.song(bytes) ?? (try? decoder.decode(Song.self, from: bytes))
    }

    /// The order file read plainly: `current`, `format`, `version` and the entries' `id` and
    /// `file`, each once, every string plain; nil for anything else (conflicts, another key, an
    /// escape), which the decoder then reads with its errors.
    ///
    /// With `keys`, only the entries that may match one of them (``PlaylistKey/mayMatch(id:file:)``)
    /// are kept, so that a command naming a playlist makes text of a few entries, not of thousands;
    /// the others are checked as plainly as the kept ones are read.
    static func orderFile(skimming data: Data, keepingCandidatesFor keys: [PlaylistKey]? = nil) -> PlaylistOrderFile? {
        data.withUnsafeBytes { raw -> PlaylistOrderFile? in
            var skim = JSONSkim(raw)
            var current: String?, format: String?, version: Int?, entries: [PlaylistOrderFile.Entry]?
            let plain = skim.members { key, skim in
                switch key {
                case "current": return skim.takeNull() || skim.read(&current) { $0.plainString() }
                case "format": return skim.read(&format) { $0.plainString() }
                case "version": return skim.read(&version) { $0.integer() }
                case "playlists": return skim.read(&entries) { orderEntries(&$0, keepingCandidatesFor: keys) }
                default: return false
                }
            }
            guard plain, skim.isAtEnd, let format, let version, let entries else { return nil }
            return PlaylistOrderFile(format: format, version: version, current: current, playlists: entries, conflicts: nil)
        }
    }

    private static func orderEntries(_ skim: inout JSONSkim, keepingCandidatesFor keys: [PlaylistKey]?) -> [PlaylistOrderFile.Entry]? {
        var entries: [PlaylistOrderFile.Entry] = []
        // Keys compared as bytes (one written with an escape is left to the decoder), without the
        // set of keys ``JSONSkim/members(_:)`` keeps: a large library lists thousands of entries.
        let plain = skim.elements { skim in
            guard skim.take(UInt8(ascii: "{")) else { return false }
            var id: Range<Int>?, file: Range<Int>?
            repeat {
                guard let key = skim.string(), skim.take(UInt8(ascii: ":")) else { return false }
                if id == nil, skim.bytes(key, are: "id") {
                    id = skim.plainRange()
                    guard id != nil else { return false }
                } else if file == nil, skim.bytes(key, are: "file") {
                    file = skim.plainRange()
                    guard file != nil else { return false }
                } else {
                    return false
                }
            } while skim.take(UInt8(ascii: ","))
            guard skim.take(UInt8(ascii: "}")), let id, let file else { return false }
            if let keys, let idBytes = skim.asciiBytes(id), let fileBytes = skim.asciiBytes(file),
                !keys.contains(where: { $0.mayMatch(id: idBytes, file: fileBytes) })
            {
                return true
            }
            guard let idText = skim.plain(id), let fileText = skim.plain(file) else { return false }
            entries.append(.init(id: idText, file: fileText))
            return true
        }
        return plain ? entries : nil
    }

    /// Passes over one element of the song list: its range when one of its ids is wanted, nil
    /// inside when it is not; nil outside when it cannot be read plainly.
    private static func song(_ skim: inout JSONSkim, ids: Set<String>) -> Range<Int>?? {
        skim.skipSpace()
        let start = skim.index
        guard skim.take(UInt8(ascii: "{")) else { return nil }
        var isWanted = false
        if !skim.take(UInt8(ascii: "}")) {
            repeat {
                guard let key = skim.string(), skim.take(UInt8(ascii: ":")), !skim.hasEscape(key) else { return nil }
                if skim.bytes(key, are: "id") {
                    guard let id = skim.string(), !skim.hasEscape(id) else { return nil }
                    // A key given twice is decoded as the decoder decides: any wanted id is enough to look.
                    isWanted = isWanted || ids.contains(skim.text(id))
                } else if !skim.skipValue() {
                    return nil
                }
            } while skim.take(UInt8(ascii: ","))
            guard skim.take(UInt8(ascii: "}")) else { return nil }
        }
        return .some(isWanted ? start..<skim.index : nil)
    }

    /// Whether a playlist file's bytes may hold a copy of the original `id`: they hold the id, or
    /// an escape that could spell it. A file that cannot is not decoded.
    static func mayHoldCopies(of id: String, in data: Data) -> Bool {
        let needle = Array(id.utf8)
        return data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !needle.isEmpty else { return true }
            return Bytes.contains(base, raw.count, needle) || Bytes.containsUnicodeEscape(base, raw.count)
        }
    }
}
