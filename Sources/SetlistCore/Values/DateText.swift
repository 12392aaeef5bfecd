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
