import Foundation

/// Time zones of show plans: read as typed after a start time, kept by their identifier, and the
/// reader's own zone.
public enum PlanZone {
    /// The zone typed or stored: an IANA name ("Europe/Prague", any case), "UTC", "GMT" or "Z", or
    /// an offset from UTC ("+01:00", "-0500", "+1", "UTC+01:00", "GMT-4:30"). Nil for anything
    /// else. A name is only looked up when it has the shape of one, so text from a document can
    /// never make Foundation open a file outside the zone database.
    public static func zone(_ raw: String) -> TimeZone? {
        let text = Text.trimmedSpaces(raw)
        guard !text.isEmpty, text.count <= 64 else { return nil }
        let upper = text.uppercased()
        if ["UTC", "GMT", "Z"].contains(upper) { return TimeZone(secondsFromGMT: 0) }
        for prefix in ["UTC", "GMT", ""] where upper.hasPrefix(prefix) {
            let rest = upper.dropFirst(prefix.count)
            if let sign = rest.first, sign == "+" || sign == "-", let seconds = offset(rest.dropFirst()) {
                return TimeZone(secondsFromGMT: sign == "-" ? -seconds : seconds)
            }
        }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        guard
            components.allSatisfy({ part in
                !part.isEmpty && part.first != "." && part.first != "-"
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-+".contains($0)) }
            })
        else { return nil }
        let known = TimeZone.knownTimeZoneIdentifiers.first { $0.caseInsensitiveCompare(text) == .orderedSame }
        return TimeZone(identifier: known ?? text)
    }

    /// The reader's zone: `$TZ` when it names one (a leading ":" allowed), else the system's.
    public static func local(environment: [String: String]) -> TimeZone {
        guard var text = environment["TZ"], !text.isEmpty else { return .current }
        if text.hasPrefix(":") { text.removeFirst() }
        return zone(text) ?? .current
    }

    /// "1", "01", "0100", "01:00", "4:30": at most 14 hours, minutes below 60; in seconds.
    private static func offset(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let hours: Substring, minutes: Substring
        switch parts.count {
        case 1 where text.count == 4: (hours, minutes) = (text.prefix(2), text.suffix(2))
        case 1: (hours, minutes) = (text, "0")
        case 2 where parts[1].count == 2: (hours, minutes) = (parts[0], parts[1])
        default: return nil
        }
        guard (1...2).contains(hours.count), hours.allSatisfy(\.isASCIIDigit), minutes.allSatisfy(\.isASCIIDigit),
            let h = Int(hours), let m = Int(minutes), h <= 14, m < 60, h * 60 + m <= 14 * 60
        else { return nil }
        return (h * 60 + m) * 60
    }
}
