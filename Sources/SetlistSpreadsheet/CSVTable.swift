import CSV
import Foundation

/// The records of a CSV file, each with the line it starts on.
///
/// CSV.swift splits the fields and undoes the quoting. It accepts broken quoting silently (it
/// reads an unclosed quote to the end of the file, and drops the character after a stray closing
/// quote), so ``recordLines(_:delimiter:file:)`` first walks the quotes to refuse such a file with
/// its line, and to know on which line each record starts: a quoted field may hold line breaks.
struct CSVTable {
    struct Record {
        /// The 1-based line where the record starts.
        var line: Int
        var fields: [String]

        /// A line with nothing in it, which spreadsheets leave between blocks of rows.
        var isBlank: Bool { fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
    }

    var delimiter: Unicode.Scalar
    var records: [Record]

    static let delimiters: [Unicode.Scalar] = [",", ";", "\t"]

    init(text: String, file: String) throws(SpreadsheetError) {
        var body = Substring(text)
        var firstLine = 1
        var chosen: Unicode.Scalar?
        // Excel's hint line "sep=;" names the delimiter.
        if body.lowercased().hasPrefix("sep="), let end = body.firstIndex(where: \.isNewline) {
            let hint = body[body.index(body.startIndex, offsetBy: 4)..<end].unicodeScalars
            if hint.count == 1 { chosen = hint.first }
            body = body[body.index(after: end)...]
            firstLine = 2
        }
        let delimiter = chosen ?? Self.detectDelimiter(String(body))
        let lines = try Self.recordLines(Array(body.unicodeScalars), delimiter: delimiter, file: file)
        var records: [Record] = []
        do {
            let reader = try CSVReader(string: String(body), delimiter: delimiter)
            while let row = reader.next() {
                let line = records.count < lines.count ? lines[records.count] : (lines.last ?? 0)
                records.append(Record(line: line + firstLine - 1, fields: row))
            }
        } catch {
            throw .unreadable(file: file, detail: "\(error)")
        }
        self.delimiter = delimiter
        self.records = records
    }

    /// Comma, semicolon (Excel in Czech and German locales) or tab: the one that splits the first
    /// records into the same number of fields, the most of them; a comma when none splits anything.
    static func detectDelimiter(_ text: String) -> Unicode.Scalar {
        var best: (delimiter: Unicode.Scalar, score: (Int, Int)) = (",", (0, 0))
        for delimiter in delimiters {
            guard let reader = try? CSVReader(string: text, delimiter: delimiter) else { continue }
            var counts: [Int] = []
            while counts.count < 20, let row = reader.next() {
                if row.count > 1 || !(row.first ?? "").isEmpty { counts.append(row.count) }
            }
            guard let first = counts.first, first > 1 else { continue }
            let score = (counts.filter { $0 == first }.count, first)
            if score > best.score { best = (delimiter, score) }
        }
        return best.delimiter
    }

    /// The line each record starts on, following RFC 4180 quoting: a field that starts with a
    /// quote runs to the next lone quote and may span lines; `""` inside it is one quote.
    static func recordLines(_ scalars: [Unicode.Scalar], delimiter: Unicode.Scalar, file: String) throws(SpreadsheetError) -> [Int] {
        enum State { case fieldStart, unquoted, quoted, afterQuote }
        var lines: [Int] = []
        var line = 1, quoteLine = 1
        var state = State.fieldStart, recordStart = true
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let isBreak = scalar == "\n" || scalar == "\r"
            if isBreak, scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            if recordStart {
                lines.append(line)
                recordStart = false
            }
            switch state {
            case .quoted:
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" { index += 1 } else { state = .afterQuote }
                } else if isBreak {
                    line += 1
                }
            default:
                if isBreak {
                    line += 1
                    recordStart = true
                    state = .fieldStart
                } else if scalar == delimiter {
                    state = .fieldStart
                } else if state == .afterQuote {
                    throw .textAfterQuote(file: file, line: line)
                } else if state == .fieldStart, scalar == "\"" {
                    state = .quoted
                    quoteLine = line
                } else {
                    state = .unquoted
                }
            }
            index += 1
        }
        if state == .quoted { throw .unterminatedQuote(file: file, line: quoteLine) }
        return lines
    }
}
