import Foundation

/// Why a file operation failed, as one sentence a message can quote.
public enum FailureText {
    /// The system's reason ("Permission denied.", "Is a directory.") when Foundation's error
    /// carries one, else Foundation's own wording, ending in exactly one full stop. (Foundation's
    /// "The operation could not be completed. You don’t have permission." already ends in one, and
    /// adding another gave "permission..".)
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))) + "."
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) + "." }
        // Foundation on Linux often gives only its own code.
        if let error = error as? CocoaError, let code = Self.systemCodes[error.code] { return String(cString: strerror(code)) + "." }
        let text = nsError.localizedDescription.trimmingCharacters(in: .whitespaces)
        return text.hasSuffix(".") ? text : text + "."
    }

    private static let systemCodes: [CocoaError.Code: Int32] = [
        .fileReadNoSuchFile: ENOENT, .fileNoSuchFile: ENOENT, .fileReadNoPermission: EACCES, .fileWriteNoPermission: EACCES,
        .fileWriteOutOfSpace: ENOSPC, .fileWriteVolumeReadOnly: EROFS, .fileReadTooLarge: EFBIG,
    ]
}
