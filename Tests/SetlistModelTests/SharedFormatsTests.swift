import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistSupport

@Suite struct HexTests {
    @Test func codePointsHaveAtLeastFourDigits() {
        #expect(Hex.codePoint("\n") == "U+000A")
        #expect(Hex.codePoint("\u{7}") == "U+0007")
        #expect(Hex.codePoint("\u{202E}") == "U+202E")
        #expect(Hex.codePoint("🎸") == "U+1F3B8")
    }

    @Test func digitsArePaddedNotCut() {
        #expect(Hex.digits(UInt8(0x0A), 2, uppercase: true) == "0A")
        #expect(Hex.digits(UInt64(255), 16) == "00000000000000ff")
        #expect(Hex.digits(0x12345, 2) == "12345")
    }
}

@Suite struct FNV1aTests {
    /// Published FNV-1a 64-bit test vectors (http://www.isthe.com/chongo/tech/comp/fnv/).
    @Test func matchesTheReferenceVectors() {
        #expect(FNV1a.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    /// XXH64 as its specification gives it (the values of the reference implementation, through
    /// Python's xxhash): every length class of its loops, and Czech text.
    @Test func xxh64IsTheReferenceHash() {
        let expected: [(Int, UInt64)] = [
            (0, 0xef46_db37_51d8_e999), (1, 0xa96c_7f0c_e858_bbb7), (3, 0x56e6_9576_32a4_87f9), (4, 0xc60d_15b1_e3ff_8f04),
            (7, 0xafbe_fc3d_6c6f_9a8e), (8, 0x3da5_c7aa_2696_83e0), (15, 0xae2a_37eb_9357_caa7), (16, 0xa19a_d429_b02b_c413),
            (31, 0x4a74_f3a1_a39a_d4a1), (32, 0x8d57_d6a4_671c_c43d), (33, 0x62c9_fd21_ed85_7664), (63, 0x5c32_0a0d_2707_057f),
            (64, 0x7bba_bbc4_5729_d17e), (100, 0xefa0_ad2d_3e70_c151), (257, 0x6ff1_5897_6587_84e0), (1000, 0x9959_4f48_2804_3d35),
        ]
        for (count, hash) in expected {
            let bytes = (0..<count).map { UInt8(($0 * 31 + 7) & 0xFF) }
            #expect(bytes.withUnsafeBytes(XXH64.hash) == hash, "\(count) bytes")
        }
        #expect(Array("Příliš žluťoučký kůň úpěl ďábelské ódy".utf8).withUnsafeBytes(XXH64.hash) == 0x4916_f1cb_7d18_62d8)
        #expect(XXH64.hash("Příliš žluťoučký kůň úpěl ďábelské ódy") == 0x4916_f1cb_7d18_62d8, "a text by its UTF-8")
    }

    /// Derived ids are stored in libraries and emails: they must never change.
    @Test func derivedIdentifiersAreStable() {
        #expect(Identifier.derived(from: Array("".utf8)) == "cbf29ce484222325" + "84222325cbf29ce4")
        let id = Identifier.derived(from: Array("setlist".utf8))
        #expect(id.count == 32 && id == Identifier.derived(from: Array("setlist".utf8)))
        #expect(id != Identifier.derived(from: Array("Setlist".utf8)))
    }
}

@Suite struct JSONFormatTests {
    @Test func prettySortedWithSlashesAndAFinalNewLine() throws {
        struct Value: JSONWritable {
            var zeta = "AC/DC"
            var alpha = 1

            func write(json writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("zeta", zeta)
                    writer.member("alpha", alpha)
                }
            }
        }
        let text = String(decoding: JSONFormat.document(Value()), as: UTF8.self)
        #expect(text == "{\n  \"alpha\" : 1,\n  \"zeta\" : \"AC/DC\"\n}\n")
    }
}

@Suite struct DateTextTests {
    let date = Date(timeIntervalSince1970: 1_777_660_200) // 2026-05-01 18:30:00 UTC

    @Test func iso8601IsUTCToTheSecond() {
        #expect(DateText.iso8601(date) == "2026-05-01T18:30:00Z")
        #expect(DateText.iso8601(date.addingTimeInterval(0.75)) == "2026-05-01T18:30:00Z")
    }

    /// The date written out is the formatter's, for random moments from 1900 to 2200 (fractions
    /// and times before 1970 among them).
    @Test func iso8601IsTheFormattersText() {
        var random = seededGenerator(for: "iso8601IsTheFormattersText")
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...7_258_118_400, using: &random))
            #expect(DateText.iso8601(date) == DateText.iso8601ByFormatter(date), "\(date.timeIntervalSince1970)")
        }
        for edge in [0.0, -0.25, 951_782_400, 4_107_542_399.999] { // 1970, just before, 29 Feb 2000, end of 2099
            let date = Date(timeIntervalSince1970: edge)
            #expect(DateText.iso8601(date) == DateText.iso8601ByFormatter(date), "\(edge)")
        }
    }

    @Test func readsWhatItWritesAndFractions() {
        #expect(DateText.date(fromISO8601: "2026-05-01T18:30:00Z") == date)
        #expect(DateText.date(fromISO8601: "2026-05-01T20:30:00+02:00") == date)
        #expect(DateText.date(fromISO8601: "2026-05-01T18:30:00.500Z") == date.addingTimeInterval(0.5))
        #expect(DateText.date(fromISO8601: "1 May 2026") == nil)
    }

    @Test func localTimeForPeople() {
        #expect(DateText.local(date, timeZone: TimeZone(identifier: "Europe/Prague")!) == "2026-05-01 20:30:00")
    }
}
