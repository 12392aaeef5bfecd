import Foundation
import TestLevels
import Testing

@testable import SetlistBandPage

/// The address's QR code, read back by zbarimg (zbar-tools), a reader nobody here wrote.
@Suite(.tags(.externalTools), .needs("zbarimg")) struct QRCodeTests {
    /// `rows` as a PBM picture, `scale` pixels a module, inside a quiet zone of four modules.
    func pbm(_ rows: [[Bool]], scale: Int = 4) -> String {
        let width = (rows.count + 8) * scale
        var text = "P1\n\(width) \(width)\n"
        for y in 0..<width {
            let row = y / scale - 4
            text +=
                (0..<width).map { x in
                    let column = x / scale - 4
                    return rows.indices.contains(row) && rows.indices.contains(column) && rows[row][column] ? "1" : "0"
                }.joined(separator: " ") + "\n"
        }
        return text
    }

    func decoded(_ rows: [[Bool]]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pbm")
        try pbm(rows).write(to: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", file.path]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .newlines)
    }

    @Test func aPhoneReadsTheAddress() throws {
        let url = "http://192.168.100.200:65535/\(BandPageServer.newToken())/"
        let code = try QRCode(url)
        #expect(try decoded(code.rows) == url)
        // It fits an 80-column terminal with room to spare, and 24 lines with the address and the keys.
        #expect(code.rows.count + 4 <= 50)
        #expect(code.lines(colour: false).count <= 24 - 4)
    }

    @Test func theHalfBlocksDrawEveryModule() throws {
        let code = try QRCode("http://10.0.0.1:8765/abc/")
        for colour in [false, true] {
            var lines = code.lines(margin: 2, colour: colour)
            if colour { lines = lines.map { String($0.dropFirst("\u{1B}[30;47m".count).dropLast("\u{1B}[0m".count)) } }
            // Back from glyphs to modules: the foreground of each glyph is dark in colour, light without.
            var rows: [[Bool]] = []
            for line in lines {
                let glyphs = Array(line)
                rows.append(glyphs.map { ($0 == "█" || $0 == "▀") == colour })
                rows.append(glyphs.map { ($0 == "█" || $0 == "▄") == colour })
            }
            let inner = rows[2..<(2 + code.rows.count)].map { Array($0[2..<(2 + code.rows.count)]) }
            #expect(inner == code.rows)
        }
    }
}
