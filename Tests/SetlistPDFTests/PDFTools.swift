import Foundation
import SetlistModel
import SetlistStore

@testable import SetlistPDF
@testable import SetlistPDFCairo
@testable import SetlistSupport

/// Runs the poppler and qpdf command-line tools on a rendered PDF.
struct RenderedPDF {
    let data: Data
    let url: URL

    init(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper = .a4, date: Date = Fixtures.date,
        notation: KeyNotation = .english, timeZone: TimeZone = .current, reader: PDFReader = PDFReader()
    ) throws {
        data = try PDFRenderer.render(
            playlist, style: style, paper: paper, date: date, notation: notation, timeZone: timeZone, reader: reader)
        let name = PDFFile.defaultName(for: playlist, style: style).dropLast(4).prefix(24)
        url = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-pdf-test-\(name)-\(UUID().uuidString.prefix(8)).pdf")
        try data.write(to: url)
    }

    /// Runs `tool` with the arguments, the PDF's path last unless `pathFirst` places it; returns
    /// standard output, or throws with standard error when it fails.
    func run(_ tool: String, _ arguments: [String], pathLast: Bool = true) throws -> String {
        try Tool.run(tool, pathLast ? arguments + [url.path] : arguments)
    }

    /// `pdfinfo` as a dictionary of its fields.
    func info() throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try run("pdfinfo", []).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    var pageCount: Int { get throws { Int(try info()["Pages"] ?? "") ?? -1 } }

    /// The text of one page (1-based), or of every page.
    func text(page: Int? = nil) throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try run("pdftotext", ["-layout", "-enc", "UTF-8"] + range + [url.path, "-"], pathLast: false)
    }

    /// The right edge of every word pdftotext finds, with the page width.
    func wordBoxes() throws -> (pageWidth: Double, rightEdges: [Double], leftEdges: [Double]) {
        let html = try run("pdftotext", ["-bbox", url.path, "-"], pathLast: false)
        func values(_ name: String) -> [Double] {
            html.components(separatedBy: "\(name)=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        }
        return (values("width").first ?? 0, values("xMax"), values("xMin"))
    }

    /// A piece of text as `pdftohtml -xml` finds it: its page, font size in points (rounded to
    /// whole points by poppler), whether it is bold, and its text.
    struct TextItem {
        var page: Int
        var size: Double
        var bold: Bool
        var text: String
    }

    /// Every piece of text with its page and font size, from `pdftohtml -xml`.
    func textItems() throws -> [TextItem] {
        let xml = try run("pdftohtml", ["-xml", "-i", "-stdout", "-q", "-zoom", "1", url.path], pathLast: false)
        func attribute(_ name: String, in line: Substring) -> String? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        var sizes: [String: Double] = [:]
        var items: [TextItem] = []
        var page = 0
        for line in xml.split(separator: "\n") {
            if line.hasPrefix("<page ") {
                page = Int(attribute("number", in: line) ?? "") ?? page
            } else if line.contains("<fontspec "), let id = attribute("id", in: line) {
                sizes[id] = Double(attribute("size", in: line) ?? "")
            } else if line.hasPrefix("<text "), let font = attribute("font", in: line), let open = line.firstIndex(of: ">") {
                var text = String(line[line.index(after: open)...].dropLast("</text>".count))
                let bold = text.hasPrefix("<b>")
                for tag in ["<b>", "</b>", "<i>", "</i>"] { text = text.replacingOccurrences(of: tag, with: "") }
                items.append(TextItem(page: page, size: sizes[font] ?? 0, bold: bold, text: text))
            }
        }
        return items
    }

    /// The outline (bookmark) titles, depth first, as `qpdf --json` lists them.
    func outlineTitles() throws -> [String] {
        let json = try run("qpdf", ["--json", "--json-key=outlines"])
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var titles: [String] = []
        func walk(_ items: [[String: Any]]) {
            for item in items {
                titles.append(item["title"] as? String ?? "")
                walk(item["kids"] as? [[String: Any]] ?? [])
            }
        }
        walk(root?["outlines"] as? [[String: Any]] ?? [])
        return titles
    }

    /// Deletes the file, unless SETLIST_KEEP_PDFS=1 asks to keep it for a look.
    func remove() {
        guard ProcessInfo.processInfo.environment["SETLIST_KEEP_PDFS"] != "1" else { return }
        try? FileManager.default.removeItem(at: url)
    }
}

enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a tool found on the PATH; a missing tool is a failure that says how to install it.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let path = ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(tool)" }.first(
            where: FileManager.default.isExecutableFile(atPath:))
        guard let path else { throw Failure(description: "\(tool) is not installed; run Scripts/install-deps (poppler-utils, qpdf).") }
        let result = try ChildProcess.run(path, arguments)
        guard result.succeeded else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(result.ending)): \(result.errorText)")
        }
        return result.outputText
    }
}

/// Runs `body` with the shared typesetter, letting it throw any error (such as a failed `#require`).
func withTypesetter(_ body: (Typesetter) throws -> Void) throws {
    var failure: (any Error)?
    try Typesetter.withTypesetter { (typesetter) throws(PDFError) in
        do { try body(typesetter) } catch { failure = error }
    }
    if let failure { throw failure }
}
