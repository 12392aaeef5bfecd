import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// Text in any script prints (issue 13): Chinese, Japanese and Korean titles through the CJK
/// font Scripts/install-deps installs, right-to-left titles beside their number as in every PDF
/// and their notes aligned right, and a warning naming the song when a letter has no font at all.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf", "pdffonts")) struct ScriptsTests {
    static let cjk = Playlist(
        name: "演唱会",
        items: [
            Fixtures.song("北京欢迎你", "群星", notes: "中文注释"),
            Fixtures.song("こんにちは世界", "椎名林檎"),
            Fixtures.song("안녕하세요", "아이유"),
        ])

    @Test(arguments: PDFStyle.allCases)
    func chineseJapaneseAndKoreanTitlesPrintWithoutAWarning(style: PDFStyle) throws {
        var unshown: [UnshownText]?
        let data = try PDFRenderer.render(Self.cjk, style: style, paper: .a4, date: Fixtures.date, unshown: { unshown = $0 })
        #expect(unshown == nil, "no font for \(unshown ?? []): is fonts-noto-cjk installed (Scripts/install-deps)?")
        let pdf = try RenderedPDF(Self.cjk, style: style)
        defer { pdf.remove() }
        #expect(data == pdf.data)
        let text = try pdf.text()
        for title in ["北京欢迎你", "こんにちは世界", "안녕하세요"] { #expect(text.contains(title), "\(text)") }
        #expect(try pdf.run("pdffonts", []).contains("CJK"))
    }

    /// U+30000 is in no font this machine has (CJK Extension G).
    @Test func aLetterNoFontHasIsReportedOnceNamingTheSong() throws {
        let playlist = Playlist(
            name: "Koncert",
            items: [
                Fixtures.song("Highway to Hell"), Fixtures.song("古\u{30000}歌", notes: "ok"), .setBreak("Set 2"),
                Fixtures.song("Song", notes: "notes \u{30000}"),
            ])
        var calls: [[UnshownText]] = []
        _ = try PDFRenderer.render(playlist, style: .long, paper: .a4, date: Fixtures.date, unshown: { calls.append($0) })
        #expect(calls.map { $0.map(\.description) } == [["song 2 '古\u{30000}歌'", "song 3 'Song'"]])
        // The short PDF prints no notes, so only the title counts there.
        calls = []
        _ = try PDFRenderer.render(playlist, style: .short, paper: .a4, date: Fixtures.date, unshown: { calls.append($0) })
        #expect(calls.map { $0.map(\.description) } == [["song 2 '古\u{30000}歌'"]])
        #expect(
            UnshownText.warning(calls[0]).hasPrefix("no installed font has some letters of song 2 '古\u{30000}歌', so the PDF shows boxes"))
    }

    /// The lines of the first page as pdftotext finds their words (it gives right-to-left text
    /// letter by letter): their left and right edges and their text, song numbers left out.
    static func lines(_ pdf: RenderedPDF) throws -> [(left: Double, right: Double, text: String)] {
        let html = try pdf.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf.url.path, "-"], pathLast: false)
        var lines: [Int: (left: Double, right: Double, text: String)] = [:]
        for word in html.split(separator: "\n") where word.contains("<word ") {
            func value(_ name: String) -> Double { Double(word.components(separatedBy: "\(name)=\"")[1].prefix { $0 != "\"" }) ?? -1 }
            let text = String(word.split(separator: ">")[1].prefix { $0 != "<" })
            guard !text.hasSuffix(".") else { continue } // the song's number
            let y = Int(value("yMin").rounded())
            let line = lines[y] ?? (left: .infinity, right: -.infinity, text: "")
            lines[y] = (min(line.left, value("xMin")), max(line.right, value("xMax")), line.text + text)
        }
        return Array(lines.values)
    }

    static func isRightToLeft(_ text: String) -> Bool { text.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) } }

    /// A Hebrew or Arabic title starts where a left-to-right one does, beside its number, in every
    /// PDF; the long one set them against the right margin.
    @Test(arguments: PDFStyle.allCases)
    func rightToLeftTitlesStartWhereOthersDo(style: PDFStyle) throws {
        let playlist = Playlist(
            name: "Koncert", items: [Fixtures.song("Highway to Hell"), Fixtures.song("שלום עולם"), Fixtures.song("مرحبا بالعالم")])
        let pdf = try RenderedPDF(playlist, style: style)
        defer { pdf.remove() }
        let lines = try Self.lines(pdf)
        let leftToRight = try #require(lines.first { $0.text.hasPrefix("Highway") })
        let rightToLeft = lines.filter { Self.isRightToLeft($0.text) }
        #expect(rightToLeft.count == 2, "two titles: \(lines.map(\.text))")
        for line in rightToLeft {
            #expect(abs(line.left - leftToRight.left) < 2, "'\(line.text)' starts at \(line.left), not \(leftToRight.left)")
        }
    }

    /// Notes take their direction from their own text: right-to-left ones end at the right margin,
    /// left-to-right ones start at the left, under the title.
    @Test func rightToLeftNotesAreAlignedRight() throws {
        let playlist = Playlist(
            name: "Koncert",
            items: [
                Fixtures.song("Song one", notes: "הערות בעברית כאן"), Fixtures.song("Song two", notes: "ملاحظات بالعربية"),
                Fixtures.song("Highway to Hell", notes: "Count in four"),
            ])
        let pdf = try RenderedPDF(playlist, style: .long)
        defer { pdf.remove() }
        let frame = PageFrame(paper: .a4)
        let lines = try Self.lines(pdf)
        let rightToLeft = lines.filter { Self.isRightToLeft($0.text) }
        #expect(rightToLeft.count == 2, "two notes: \(lines.map(\.text))")
        for line in rightToLeft { #expect(abs(line.right - frame.right) < 2, "'\(line.text)' ends at \(line.right), not the right margin") }
        let leftToRight = lines.filter { $0.text.hasPrefix("Highway") || $0.text.hasPrefix("Count") || $0.text.hasPrefix("Song") }
        #expect(leftToRight.count == 4)
        for line in leftToRight { #expect(line.left < frame.left + 40, "'\(line.text)' starts at \(line.left)") }
    }
}
