/// Lengths that went through a spreadsheet as times of day. LibreOffice and Excel read a cell
/// `4:05` as 4:05 in the morning and save it as `04:05:00` (or `04:05:00 AM`): a length column
/// whose every cell is such a time under 24 hours with no seconds is minutes and seconds.
enum TimeOfDayLengths {
    /// The cells as `m:ss` when every filled one is a spreadsheet's time of day; nil otherwise.
    /// One cell alone counts only when it is written as only a spreadsheet writes it (a leading
    /// zero, or AM/PM), since a person may mean `1:05:00` as an hour.
    static func minutesAndSeconds(_ cells: [String]) -> [String]? {
        let filled = cells.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !filled.isEmpty else { return nil }
        var written: [String] = [], spreadsheetOnly = false
        for cell in filled {
            guard let time = time(cell) else { return nil }
            written.append("\(time.hour):\(time.minute < 10 ? "0" : "")\(time.minute)")
            spreadsheetOnly = spreadsheetOnly || time.spreadsheetOnly
        }
        guard filled.count > 1 || spreadsheetOnly else { return nil }
        var index = 0
        return cells.map { cell in
            guard !cell.trimmingCharacters(in: .whitespaces).isEmpty else { return cell }
            defer { index += 1 }
            return written[index]
        }
    }

    /// `hh:mm:00`, `h:mm:00` or either with ` AM`/` PM`, as a 24-hour hour and a minute.
    static func time(_ cell: String) -> (hour: Int, minute: Int, spreadsheetOnly: Bool)? {
        var text = Substring(cell.uppercased())
        var meridiem: String?
        for suffix in ["AM", "PM"] where text.hasSuffix(suffix) {
            meridiem = suffix
            text = text.dropLast(2)
            while text.last == " " { text = text.dropLast() }
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2, parts[2] == "00",
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), var hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
        else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return (hour, minute, meridiem != nil || parts[0].count == 2 && parts[0].first == "0")
    }
}
