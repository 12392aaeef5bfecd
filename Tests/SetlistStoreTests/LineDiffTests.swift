import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// The history's line diff finds the lines two files share at their start and end by comparing
/// bytes; the line-by-line version it replaced stays here as the definition.
@Suite struct LineDiffTests {
    /// The common lines counted line by line, then Myers on the lines between.
    static func byLines(_ old: Data, _ new: Data) -> [FileDelta.Hunk] {
        let a = [UInt8](old), b = [UInt8](new)
        func split(_ bytes: [UInt8]) -> [Range<Int>] {
            var result: [Range<Int>] = [], begin = 0
            for (index, byte) in bytes.enumerated() where byte == 0x0A {
                result.append(begin..<(index + 1))
                begin = index + 1
            }
            if begin < bytes.count { result.append(begin..<bytes.count) }
            return result
        }
        let linesA = split(a), linesB = split(b)
        func equal(_ i: Int, _ j: Int) -> Bool { a[linesA[i]] == b[linesB[j]] }
        var start = 0
        while start < linesA.count && start < linesB.count && equal(start, start) { start += 1 }
        var end = 0
        while end < linesA.count - start && end < linesB.count - start && equal(linesA.count - 1 - end, linesB.count - 1 - end) { end += 1 }
        let n = linesA.count - start - end, m = linesB.count - start - end
        guard n > 0 || m > 0 else { return [] }
        var deleted = [Bool](repeating: false, count: n), inserted = [Bool](repeating: false, count: m)
        if let script = LineDiff.myers(n, m, equal: { equal(start + $0, start + $1) }) {
            for (isDeletion, index) in script {
                if isDeletion { deleted[index] = true } else { inserted[index] = true }
            }
        } else {
            deleted = [Bool](repeating: true, count: n)
            inserted = [Bool](repeating: true, count: m)
        }
        func offset(_ lines: [Range<Int>], _ index: Int, _ total: Int) -> Int { index < lines.count ? lines[index].lowerBound : total }
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
            let at = offset(linesA, start + fromA, a.count), to = offset(linesB, start + fromB, b.count)
            hunks.append(
                FileDelta.Hunk(
                    at: at, to: to, removed: StoredBytes(Data(a[at..<offset(linesA, start + i, a.count)])),
                    added: StoredBytes(Data(b[to..<offset(linesB, start + j, b.count)]))))
        }
        return hunks
    }

    @Test func hunksAreTheLineByLineOnes() {
        var random = seededGenerator(for: "LineDiffTests.hunksAreTheLineByLineOnes")
        let lines = ["a\n", "b\n", "a", "\n", "ab\n", "b", "{\n", "  }\n", "x"]
        func file() -> String { (0..<Int.random(in: 0...8, using: &random)).map { _ in lines.randomElement(using: &random)! }.joined() }
        for _ in 0..<3000 {
            let old = file()
            var new = old
            switch Int.random(in: 0...3, using: &random) {
            case 0: new = file()
            case 1: new = file() + old
            case 2: new = old + file()
            default:
                let cut = old.index(old.startIndex, offsetBy: Int.random(in: 0...old.count, using: &random))
                new = String(old[..<cut]) + file() + String(old[cut...])
            }
            let a = Data(old.utf8), b = Data(new.utf8)
            #expect(LineDiff.hunks(a, b) == Self.byLines(a, b), "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    /// Files longer than the blocks compared whole at either end (4 096 bytes).
    @Test func longFilesAreTheLineByLineOnes() {
        var random = seededGenerator(for: "LineDiffTests.longFilesAreTheLineByLineOnes")
        let lines = ["a\n", "b\n", "ab\n", "b", "{\n", "  }\n", String(repeating: "ž", count: 700) + "\n"]
        func text(_ count: Int) -> String { (0..<count).map { _ in lines.randomElement(using: &random)! }.joined() }
        for _ in 0..<150 {
            let head = text(Int.random(in: 0...40, using: &random)), tail = text(Int.random(in: 0...40, using: &random))
            let old = head + text(Int.random(in: 0...4, using: &random)) + tail
            let new = head + text(Int.random(in: 0...4, using: &random)) + tail
            let a = Data(old.utf8), b = Data(new.utf8)
            #expect(LineDiff.hunks(a, b) == Self.byLines(a, b), "\(a.count) → \(b.count) bytes")
        }
    }
}
