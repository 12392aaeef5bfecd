import Foundation
import Testing

@testable import SetlistMail

/// The transfer encodings on their own: line lengths and where lines may break.
@Suite struct EncodingTests {
    /// Decodes quoted-printable as RFC 2045 section 6.7 says, for checking.
    static func decodeQP(_ text: String) -> Data {
        var bytes: [UInt8] = []
        let lines = text.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            var scalars = Array(line.utf8)[...]
            var soft = false
            if scalars.last == UInt8(ascii: "=") {
                soft = true
                scalars = scalars.dropLast()
            }
            var i = scalars.startIndex
            while i < scalars.endIndex {
                if scalars[i] == UInt8(ascii: "="), i + 2 < scalars.endIndex,
                    let byte = UInt8(String(decoding: scalars[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
                {
                    bytes.append(byte)
                    i += 3
                } else {
                    bytes.append(scalars[i])
                    i += 1
                }
            }
            if !soft && index < lines.count - 1 { bytes += [13, 10] }
        }
        return Data(bytes)
    }

    @Test(arguments: [
        String(repeating: "Příliš žluťoučký kůň úpěl ďábelské ódy. ", count: 8),
        String(repeating: "🎸👨‍👩‍👧‍👦", count: 30),
        "trailing space \nand tab\t\n= signs == here\n",
        ".\nFrom me\n" + String(repeating: "x", count: 75) + "From the end\n",
        String(repeating: "=", count: 200),
    ])
    func quotedPrintableLinesAreShortAndBreakBetweenCharacters(text: String) throws {
        let encoded = ContentEncoding.quotedPrintable(text)
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.count <= 76 })
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "\r" || $0 == "\n" || $0 == "\t" || $0.value >= 0x20) })
        // Each encoded line holds whole UTF-8 sequences on its own.
        for line in lines {
            let decoded = Self.decodeQP(line.hasSuffix("=") ? line : line + "=")
            #expect(String(data: decoded, encoding: .utf8) != nil, "\(line)")
            #expect(!line.hasSuffix(" ") && !line.hasSuffix("\t"), "\(line)")
            #expect(!line.hasPrefix(".") && !line.hasPrefix("From "), "\(line)")
        }
        let expected = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(String(decoding: Self.decodeQP(encoded), as: UTF8.self) == expected)
    }

    @Test func base64LinesAre76() {
        let data = Data((0..<1000).map { UInt8($0 % 256) })
        let encoded = ContentEncoding.base64(data)
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.last == "")
        #expect(lines.dropLast(2).allSatisfy { $0.count == 76 })
        #expect(Data(base64Encoded: lines.joined()) == data)
        #expect(ContentEncoding.base64(Data()) == "")
        #expect(HeaderText.base64(Array("Man".utf8)) == "TWFu" && HeaderText.base64(Array("Ma".utf8)) == "TWE=")
    }
}
