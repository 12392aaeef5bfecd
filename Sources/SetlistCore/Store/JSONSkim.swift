import Foundation

/// Walks JSON text to find where values lie without building them, so that a command that needs
/// a few songs of a 30 000-song file decodes those few. It is not a validator: what it cannot
/// read plainly (an escaped key or id, a bare value where an object belongs) makes it give up,
/// and the caller reads the file the ordinary way, with the ordinary errors.
struct JSONSkim {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private(set) var index = 0

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == count
        }
    }

    mutating func skipSpace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Takes `byte` (after any space) when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < count, base[index] == byte else { return false }
        index += 1
        return true
    }

    /// The contents of the string that comes next, between its quotes and with any escapes as
    /// written; nil when no string comes next.
    mutating func string() -> Range<Int>? {
        guard take(Self.quote) else { return nil }
        let start = index
        var from = start
        while let found = memchr(base + from, Int32(Self.quote), count - from) {
            let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            // A quote is escaped when an odd number of backslashes stands before it.
            var slashes = 0
            while end - slashes - 1 >= start && base[end - slashes - 1] == Self.backslash { slashes += 1 }
            if slashes % 2 == 0 {
                index = end + 1
                return start..<end
            }
            from = end + 1
        }
        return nil
    }

    /// Whether the bytes in `range` are exactly `text`, as plain bytes (an escape never matches).
    func bytes(_ range: Range<Int>, are text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && memcmp(base + range.lowerBound, text.utf8Start, range.count) == 0
    }

    /// Whether `range` holds an escape.
    func hasEscape(_ range: Range<Int>) -> Bool {
        memchr(base + range.lowerBound, Int32(Self.backslash), range.count) != nil
    }

    /// The bytes in `range`.
    func data(_ range: Range<Int>) -> Data { Data(bytes: base + range.lowerBound, count: range.count) }

    /// The bytes in `range` as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The whole number that comes next, when it is written plainly (no sign, fraction, exponent
    /// or leading zero).
    mutating func integer() -> Int? {
        skipSpace()
        let start = index
        var value = 0, digits = 0
        while index < count, (0x30...0x39).contains(base[index]), digits < 18 {
            value = value * 10 + Int(base[index] - 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0, digits == 1 || base[start] != 0x30, index == count || !Self.isValueByte(base[index]) else { return nil }
        return value
    }

    /// The string that comes next when it is plain (no escape, no control character, valid
    /// UTF-8), as the decoder would read it; nil for any other.
    mutating func plainString() -> String? {
        guard let range = string(), !hasEscape(range) else { return nil }
        return plain(range)
    }

    /// The text of the string contents in `range`, which hold no escape; nil when they hold a
    /// control character or bytes that are not UTF-8.
    private func plain(_ range: Range<Int>) -> String? {
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        let kinds = Bytes.kinds(of: bytes)
        guard !kinds.control else { return nil }
        return kinds.ascii ? String(decoding: bytes, as: UTF8.self) : Self.text(utf8: bytes)
    }

    /// The bytes as text, or nil when they are not UTF-8: what `String(validating:as:)` gives,
    /// without its generic set-up, which took longer than the check for the short strings of a
    /// library file. `String(decoding:as:)` puts U+FFFD in place of bytes that are not UTF-8, so
    /// the text has the same bytes exactly when they were UTF-8.
    static func text(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { $0.count == bytes.count && memcmp($0.baseAddress!, base, bytes.count) == 0 }
        return same ? text : nil
    }

    /// The text of the string contents in `range`, its escapes read; nil when they break JSON's
    /// rules (a control character, an unknown escape, a lone surrogate, bytes that are not UTF-8).
    func unescaped(_ range: Range<Int>) -> String? {
        let end = base + range.upperBound
        guard var slash = Self.backslash(from: base + range.lowerBound, to: end) else { return plain(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var from = base + range.lowerBound
        func hex(_ at: UnsafePointer<UInt8>) -> UInt32? {
            guard end - at >= 4 else { return nil }
            var value: UInt32 = 0
            for digit in UnsafeBufferPointer(start: at, count: 4) {
                guard let nibble = Hex.value(of: digit) else { return nil }
                value = value << 4 | UInt32(nibble)
            }
            return value
        }
        while true {
            // The plain run up to the escape, copied whole.
            let run = UnsafeBufferPointer(start: from, count: slash - from)
            guard !Bytes.kinds(of: run).control else { return nil }
            out.append(contentsOf: run)
            if slash == end { break }
            guard end - slash >= 2 else { return nil }
            from = slash + 2
            switch slash[1] {
            case UInt8(ascii: "\""), Self.backslash, UInt8(ascii: "/"): out.append(slash[1])
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex(from) else { return nil }
                from += 4
                if (0xD800..<0xDC00).contains(unit) {
                    guard end - from >= 6, from[0] == Self.backslash, from[1] == UInt8(ascii: "u"), let low = hex(from + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    from += 6
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                out.append(contentsOf: UTF8.encode(scalar)!)
            default: return nil
            }
            slash = Self.backslash(from: from, to: end) ?? end
        }
        return out.withUnsafeBufferPointer { Self.text(utf8: $0) }
    }

    /// The first backslash from `from` up to `end`.
    private static func backslash(from: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        guard from < end, let found = memchr(from, Int32(backslash), end - from) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
    }

    /// The string that comes next, its escapes read as JSON reads them; nil when none comes next
    /// or it breaks JSON's rules (a control character, an unknown escape, a lone surrogate,
    /// bytes that are not UTF-8).
    mutating func text() -> String? {
        guard let range = string() else { return nil }
        return unescaped(range)
    }

    /// Reads the object that comes next member by member: `member` gets each key (read as JSON
    /// text, each at most once) and reads its value. False when no plain object comes next, or
    /// `member` finds what it does not read.
    mutating func members(_ member: (String, inout JSONSkim) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var keys: Set<String> = []
        repeat {
            guard let key = text(), keys.insert(key).inserted, take(UInt8(ascii: ":")), member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads the value that comes next into `value` with `read`; whether it could be read, which
    /// is what a ``members(_:)`` reader answers for a member.
    mutating func read<Value>(_ value: inout Value?, with read: (inout JSONSkim) -> Value?) -> Bool {
        value = read(&self)
        return value != nil
    }

    /// Reads the array that comes next element by element with `element`; false when no array
    /// comes next or `element` finds what it does not read.
    mutating func elements(_ element: (inout JSONSkim) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// Takes `null` when it comes next.
    mutating func takeNull() -> Bool {
        skipSpace()
        guard count - index >= 4, memcmp(base + index, "null", 4) == 0, index + 4 == count || !Self.isValueByte(base[index + 4])
        else { return false }
        index += 4
        return true
    }

    /// Passes over the value that comes next, whatever it is; false when there is none.
    mutating func skipValue() -> Bool {
        skipSpace()
        guard index < count else { return false }
        switch base[index] {
        case Self.quote:
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < count {
                switch base[index] {
                case Self.quote:
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < count, Self.isValueByte(base[index]) { index += 1 }
            return index > start
        }
    }

    /// Letters, digits and the signs of numbers: what numbers, `true`, `false` and `null` are made of.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}

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
        data.withUnsafeBytes { raw -> [Song]? in
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
            /// `limit`; nil to give up.
            func scan(objects first: Int, upTo limit: Int) -> [Song]? {
                let decoder = JSONDecoder()
                var songs: [Song] = []
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
                    guard short || (quote - idStart >= 8 && prefixes.contains(prefix(base + idStart))) else { continue }
                    let id = String(decoding: bytes[idStart..<quote], as: UTF8.self)
                    guard ids.contains(id) else { continue }
                    guard case let bytes = Data(bytes: base + object + 4, count: end - (object + 4)),
                        let song = decodedSong(bytes, with: decoder),
                        song.id == id
                    else { return nil }
                    songs.append(song)
                }
                return songs
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
            return first + second
        }
    }

    /// The size of song list from which ``songsAsWritten(withIDs:in:)`` scans in two threads: below
    /// it, starting them costs more than they save.
    static let parallelSkimBytes = 1 << 20

    /// The two halves' songs of a list scanned in two threads, each written by one (nil: it gave up).
    /// Unchecked: `scan` only reads the bytes and builds its own values, so two calls may run at once.
    private final class SkimHalves: @unchecked Sendable {
        let scan: (_ first: Int, _ limit: Int) -> [Song]?
        var first: [Song]?
        var second: [Song]?

        init(scan: @escaping (_ first: Int, _ limit: Int) -> [Song]?) {
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
    static func orderFile(skimming data: Data) -> PlaylistOrderFile? {
        data.withUnsafeBytes { raw -> PlaylistOrderFile? in
            var skim = JSONSkim(raw)
            var current: String?, format: String?, version: Int?, entries: [PlaylistOrderFile.Entry]?
            let plain = skim.members { key, skim in
                switch key {
                case "current": return skim.takeNull() || skim.read(&current) { $0.plainString() }
                case "format": return skim.read(&format) { $0.plainString() }
                case "version": return skim.read(&version) { $0.integer() }
                case "playlists": return skim.read(&entries, with: orderEntries)
                default: return false
                }
            }
            guard plain, skim.isAtEnd, let format, let version, let entries else { return nil }
            return PlaylistOrderFile(format: format, version: version, current: current, playlists: entries, conflicts: nil)
        }
    }

    private static func orderEntries(_ skim: inout JSONSkim) -> [PlaylistOrderFile.Entry]? {
        var entries: [PlaylistOrderFile.Entry] = []
        // Keys compared as bytes (one written with an escape is left to the decoder), without the
        // set of keys ``JSONSkim/members(_:)`` keeps: a large library lists thousands of entries.
        let plain = skim.elements { skim in
            guard skim.take(UInt8(ascii: "{")) else { return false }
            var id: String?, file: String?
            repeat {
                guard let key = skim.string(), skim.take(UInt8(ascii: ":")) else { return false }
                if id == nil, skim.bytes(key, are: "id") {
                    id = skim.plainString()
                    guard id != nil else { return false }
                } else if file == nil, skim.bytes(key, are: "file") {
                    file = skim.plainString()
                    guard file != nil else { return false }
                } else {
                    return false
                }
            } while skim.take(UInt8(ascii: ","))
            guard skim.take(UInt8(ascii: "}")), let id, let file else { return false }
            entries.append(.init(id: id, file: file))
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

/// Searching bytes for bytes with the C library's `memmem` (which Glibc's headers show Swift only
/// under _GNU_SOURCE, so it is looked up once).
enum Bytes {
    private typealias Search = @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?
    private static let memmem: Search? = dlsym(dlopen(nil, RTLD_NOW), "memmem").map { unsafeBitCast($0, to: Search.self) }

    /// Whether `bytes` hold a control character (below 0x20, which JSON forbids in a string) and
    /// whether they are all ASCII (so already UTF-8), looked at eight bytes at a time: every
    /// string of a library file and every file name in its folder passes through here.
    static func kinds(of bytes: UnsafeBufferPointer<UInt8>) -> (control: Bool, ascii: Bool) {
        guard let start = bytes.baseAddress else { return (false, true) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var control: UInt64 = 0, high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            // A byte below 0x20 borrows when 0x20 is taken from it, and its own top bit was clear
            // (the "has less than" test of Bit Twiddling Hacks; exact for whether any byte is).
            control |= (word &- ones &* 0x20) & ~word & highs
            high |= word & highs
            offset += 8
        }
        while offset < bytes.count {
            let byte = UInt64(start[offset])
            if byte < 0x20 { control |= highs }
            high |= byte & 0x80
            offset += 1
        }
        return (control != 0, high == 0)
    }

    /// Whether `bytes` end in `.json`.
    static func endsWithJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 5 && memcmp(bytes.baseAddress! + bytes.count - 5, ".json", 5) == 0
    }

    static func contains(_ base: UnsafeRawPointer, _ count: Int, _ needle: [UInt8]) -> Bool {
        find(needle, in: base, from: 0, to: count) != nil
    }

    /// Whether the bytes hold a backslash followed by `u` (the start of a `\uXXXX` escape), found
    /// by `memchr`: `memmem` took longer for a needle of two bytes.
    static func containsUnicodeEscape(_ base: UnsafeRawPointer, _ count: Int) -> Bool {
        var from = 0
        while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "\\")), count - from) {
            let at = UnsafeRawPointer(found) - base
            if at + 1 < count && base.load(fromByteOffset: at + 1, as: UInt8.self) == UInt8(ascii: "u") { return true }
            from = at + 1
        }
        return false
    }

    /// Where `needle` first starts in the bytes from `from` up to `to`.
    static func find(_ needle: [UInt8], in base: UnsafeRawPointer, from: Int, to: Int) -> Int? {
        guard from >= 0, to - from >= needle.count else { return nil }
        if let memmem {
            return memmem(base + from, to - from, needle, needle.count).map { $0 - UnsafeMutableRawPointer(mutating: base) }
        }
        return (from...(to - needle.count)).first { memcmp(base + $0, needle, needle.count) == 0 }
    }

    /// Where `needle` last starts before `before`.
    static func findLast(_ needle: [UInt8], in base: UnsafeRawPointer, before: Int) -> Int? {
        guard before >= needle.count else { return nil }
        return stride(from: before - needle.count, through: 0, by: -1).first { memcmp(base + $0, needle, needle.count) == 0 }
    }
}
