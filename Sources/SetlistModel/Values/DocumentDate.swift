import Foundation

/// The time written into documents (.plsts export time, PDF creation date, email Date header).
///
/// Honours `SOURCE_DATE_EPOCH` (https://reproducible-builds.org/specs/source-date-epoch/) so that
/// the same library exported twice gives byte-identical documents.
public enum DocumentDate {
    /// The name of the environment variable that fixes the document time.
    public static let environmentVariable = "SOURCE_DATE_EPOCH"

    /// The date given by `SOURCE_DATE_EPOCH` (whole seconds since 1970-01-01 UTC) when it is set
    /// to a valid non-negative integer, else the current time rounded down to a whole second.
    public static func now(environment: [String: String]) -> Date {
        if let fixed = fromEnvironment(environment) { return fixed }
        return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    /// The date `SOURCE_DATE_EPOCH` names, or nil when it is unset, empty or not a non-negative
    /// whole number of seconds (up to the year 9999).
    public static func fromEnvironment(_ environment: [String: String]) -> Date? {
        guard let text = environment[environmentVariable].map(Text.trimmedSpaces),
            !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let seconds = Int64(text), seconds <= 253_402_300_799
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
