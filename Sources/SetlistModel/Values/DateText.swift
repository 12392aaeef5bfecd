import Foundation

/// Dates as setlist writes them, each format in one place.
public enum DateText {
    /// ISO 8601 in UTC to the second, "2026-05-01T18:30:00Z": .plsts export times, the undo
    /// history, PDF metadata.
    public static func iso8601(_ date: Date) -> String {
        // Written out: setting up ISO8601DateFormatter (ICU) was a millisecond of every PDF. The
        // formatter stays the definition (`iso8601ByFormatter`, compared in DateTextTests).
        // As the formatter counts: whole milliseconds since 1970 (rounded), then whole seconds.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded()
        var parts = tm()
        guard var time = time_t(exactly: (milliseconds / 1000).rounded(.down)), gmtime_r(&time, &parts) != nil,
            (1...9999).contains(parts.tm_year + 1900)
        else { return iso8601ByFormatter(date) }
        func digits(_ value: Int32, _ count: Int) -> String { String(value).leftPadded(to: count) }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "Z"
    }

    /// ``iso8601(_:)`` by Foundation's formatter.
    static func iso8601ByFormatter(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Reads an ISO 8601 date and time with a zone, fractions of a second accepted.
    public static func date(fromISO8601 text: String) -> Date? {
        // What setlist writes, "2026-05-01T18:30:00Z", read directly: the formatter's set-up
        // (ICU) was 8% of exporting a playlist. Anything else goes to the formatter.
        canonicalDate(text) ?? dateByFormatter(fromISO8601: text)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` with a year from 1970 and every field in its range; nil otherwise.
    static func canonicalDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), year >= 1970, (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = ((daysSince1970(year: year, month: month, day: day) * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1 January 1970 in the Gregorian calendar (H. Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// ``date(fromISO8601:)`` by Foundation's formatter, the definition.
    static func dateByFormatter(fromISO8601 text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// Local time for people reading a list, "2026-05-01 20:30:00".
    public static func local(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
