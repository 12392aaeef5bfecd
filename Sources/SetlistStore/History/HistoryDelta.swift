import Foundation
import SetlistModel
import SetlistSupport

/// How one file changed, stored compactly: only the lines that differ, as hunks of what was
/// removed and what was added at which place, found with a line diff (Myers). Editing, adding or
/// moving one song of a 50 000-song file takes a few hundred bytes.
///
/// Each side also carries a fingerprint (size and hash, ``Fingerprint``) of the whole file, so that undo and
/// crash recovery can tell whether the file on disk is the version before the change, the version
/// after it, or something else (edited by hand since).
struct FileDelta: Sendable, Hashable {
    /// One run of changed lines.
    struct Hunk: Sendable, Hashable {
        /// Where it starts in the file before the change, in bytes.
        var at: Int
        /// Where it starts in the file after the change, in bytes.
        var to: Int
        /// What the change took out here.
        var removed: StoredBytes
        /// What the change put in here.
        var added: StoredBytes
    }

    /// The file, relative to the library folder.
    var path: String
    /// Fingerprint of the file before the change, or ``Fingerprint/absent``.
    var before: String
    /// Fingerprint of the file after the change, or ``Fingerprint/absent``.
    var after: String
    var hunks: [Hunk]

    init(path: String, before: String, after: String, hunks: [Hunk]) {
        self.path = path
        self.before = before
        self.after = after
        self.hunks = hunks
    }

    init(_ change: FileChange) {
        path = change.path
        (before, after) = (Fingerprint.of(change.before), Fingerprint.of(change.after))
        hunks = LineDiff.hunks(change.before ?? Data(), change.after ?? Data())
    }

    /// Whether the file existed before the change.
    var existedBefore: Bool { before != Fingerprint.absent }
    /// Whether the file exists after the change.
    var existsAfter: Bool { after != Fingerprint.absent }

    /// The file before the change, given its contents after it (empty when it was created).
    /// Nil when `current` is not the file after the change.
    func reconstructBefore(fromAfter current: Data) -> Data? {
        splice(current, hunks.map { ($0.to, $0.added.data, $0.at, $0.removed.data) })
    }

    /// The file after the change, given its contents before it (empty when it did not exist).
    /// Nil when `current` is not the file before the change.
    func reconstructAfter(fromBefore current: Data) -> Data? {
        splice(current, hunks.map { ($0.at, $0.removed.data, $0.to, $0.added.data) })
    }

    /// Which side of the change `contents` (nil: no file) is.
    func side(of contents: Data?) -> Side {
        // The sizes tell most files apart; the hash (a pass over the whole file) is taken only when one agrees.
        var prints = Fingerprint.Prints(contents)
        if prints.match(after) { return .after }
        if prints.match(before) { return .before }
        return .neither
    }

    enum Side { case before, after, neither }

    /// Replaces, in order, `old` found at `from` in `data` by `new`, which lands at `into`.
    private func splice(_ data: Data, _ edits: [(from: Int, old: Data, into: Int, new: Data)]) -> Data? {
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in edits {
            guard edit.from >= cursor, edit.from + edit.old.count <= bytes.count,
                bytes[edit.from..<(edit.from + edit.old.count)].elementsEqual(edit.old)
            else { return nil }
            result += bytes[cursor..<edit.from]
            guard result.count == edit.into else { return nil }
            result += edit.new
            cursor = edit.from + edit.old.count
        }
        result += bytes[cursor...]
        return Data(result)
    }
}

/// A line diff of two files: the common start and end are cut off, and the middle is compared
/// line by line with Myers' algorithm, up to ``maximumEdits`` changed lines; beyond that the
/// middle is stored whole.
enum LineDiff {
    static let maximumEdits = 400

    static func hunks(_ old: Data, _ new: Data) -> [FileDelta.Hunk] {
        hunks(Array(old), Array(new))
    }

    /// The common lines at the start and the end are found by comparing bytes (a change to one
    /// song of a 30 000-song file leaves megabytes alike around it); only the lines between are split.
    private static func hunks(_ a: [UInt8], _ b: [UInt8]) -> [FileDelta.Hunk] {
        let startByte = commonStart(a, b)
        guard startByte < a.count || startByte < b.count else { return [] }
        let endBytes = commonEnd(a, b, after: startByte)
        let linesA = lines(a, startByte..<(a.count - endBytes)), linesB = lines(b, startByte..<(b.count - endBytes))
        func equal(_ i: Int, _ j: Int) -> Bool {
            linesA[i].hash == linesB[j].hash && a[linesA[i].range].elementsEqual(b[linesB[j].range])
        }
        let n = linesA.count, m = linesB.count
        guard n > 0 || m > 0 else { return [] }

        var deleted = [Bool](repeating: false, count: n), inserted = [Bool](repeating: false, count: m)
        if let script = myers(n, m, equal: equal) {
            for (isDeletion, index) in script {
                if isDeletion { deleted[index] = true } else { inserted[index] = true }
            }
        } else {
            deleted = [Bool](repeating: true, count: n)
            inserted = [Bool](repeating: true, count: m)
        }
        func offset(_ lines: [Line], _ index: Int, _ middleEnd: Int) -> Int {
            index < lines.count ? lines[index].range.lowerBound : middleEnd
        }
        let endA = a.count - endBytes, endB = b.count - endBytes
        var hunks: [FileDelta.Hunk] = []
        var i = 0, j = 0
        while i < n || j < m {
            guard (i < n && deleted[i]) || (j < m && inserted[j]) else {
                i += 1
                j += 1
                continue
            }
            let fromA = i, fromB = j
            while i < n && deleted[i] { i += 1 }
            while j < m && inserted[j] { j += 1 }
            let at = offset(linesA, fromA, endA), to = offset(linesB, fromB, endB)
            hunks.append(
                FileDelta.Hunk(
                    at: at, to: to,
                    removed: StoredBytes(Data(a[at..<offset(linesA, i, endA)])),
                    added: StoredBytes(Data(b[to..<offset(linesB, j, endB)]))))
        }
        return hunks
    }

    /// Where the lines the two files share at their start end (a line counts with its new line);
    /// the length of both when they are the same.
    static func commonStart(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let shorter = min(a.count, b.count)
        var same = 0
        while same < shorter, a[same] == b[same] { same += 1 }
        if same == a.count && same == b.count { return same }
        var index = same
        while index > 0, a[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// How many bytes the lines the two files share at their end take, none of them before `start`.
    static func commonEnd(_ a: [UInt8], _ b: [UInt8], after start: Int) -> Int {
        let room = min(a.count, b.count) - start
        var same = 0
        while same < room, a[a.count - 1 - same] == b[b.count - 1 - same] { same += 1 }
        // Lines wholly inside: each begins just after a new line inside the common end, or where
        // both files start a line at its first byte.
        let firstA = a.count - same, firstB = b.count - same
        let aligned = (firstA == start || a[firstA - 1] == 0x0A) && (firstB == start || b[firstB - 1] == 0x0A)
        if aligned { return same }
        var index = firstA
        while index < a.count, a[index] != 0x0A { index += 1 }
        return index < a.count - 1 ? a.count - (index + 1) : 0
    }

    struct Line {
        var range: Range<Int>
        var hash: Int
    }

    /// The lines of `bytes` in `range` (which starts a line), each with its new-line character.
    static func lines(_ bytes: [UInt8], _ range: Range<Int>) -> [Line] {
        var result: [Line] = []
        var begin = range.lowerBound
        var hash = FNV1a()
        for index in range {
            let byte = bytes[index]
            hash.add(byte)
            if byte == 0x0A {
                result.append(Line(range: begin..<(index + 1), hash: Int(truncatingIfNeeded: hash.value)))
                hash = FNV1a()
                begin = index + 1
            }
        }
        if begin < range.upperBound { result.append(Line(range: begin..<range.upperBound, hash: Int(truncatingIfNeeded: hash.value))) }
        return result
    }

    /// The shortest edit script from n lines to m lines, as (deletion?, index) pairs, or nil when
    /// it needs more than ``maximumEdits`` edits.
    static func myers(_ n: Int, _ m: Int, equal: (Int, Int) -> Bool) -> [(Bool, Int)]? {
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && equal(x, y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { return backtrack(trace, n, m, offset) }
            }
        }
        return nil
    }

    private static func backtrack(_ trace: [[Int]], _ n: Int, _ m: Int, _ offset: Int) -> [(Bool, Int)] {
        var script: [(Bool, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
            }
            if x == previousX { script.append((false, previousY)) } else { script.append((true, previousX)) }
            x = previousX
            y = previousY
        }
        return script
    }
}

/// Bytes kept in a history file: as text when they are UTF-8 (always, for library files), as
/// base64 otherwise.
struct StoredBytes: Sendable, Hashable {
    var data: Data

    init(_ data: Data) { self.data = data }

    /// The bytes as text when they are UTF-8 text (stored so), else nil (stored as base64).
    var text: String? {
        String(validating: data, as: UTF8.self)
    }
}

/// A short fingerprint of a file's contents: its size and 64-bit hash, `SIZE:xxh64:HASH` with
/// ``XXH64``.
enum Fingerprint {
    /// The fingerprint of a file that does not exist.
    static let absent = "absent"

    private static let marker = ":xxh64:"

    static func of(_ data: Data?) -> String {
        guard let data else { return absent }
        return "\(data.count)" + marker + Hex.digits(data.withUnsafeBytes(XXH64.hash), 16)
    }

    /// One file's contents compared with fingerprints, each hash worked out once when first needed.
    struct Prints {
        let contents: Data?
        private var current: String?

        init(_ contents: Data?) { self.contents = contents }

        /// Whether the contents are the file `print` fingerprints.
        mutating func match(_ print: String) -> Bool {
            guard let contents else { return print == absent }
            guard size(in: print) == contents.count else { return false }
            current = current ?? of(contents)
            return current == print
        }
    }

    /// The file size a fingerprint records; nil for ``absent``.
    static func size(in print: String) -> Int? {
        print.firstIndex(of: ":").flatMap { Int(print[..<$0]) }
    }
}
