import SetlistSupport

/// What every module's error type adopts, so the program reports any of them the same way: its
/// `description` as one message on standard error (naming the file, line or field at fault and
/// what to do), and `exitStatus` as the status the program exits with.
public protocol SetlistError: Error, CustomStringConvertible {
    /// 1 (a failed operation) unless the error says otherwise, e.g. 64 for a usage error.
    var exitStatus: Int32 { get }
}

extension SetlistError {
    public var exitStatus: Int32 { 1 }
}

extension LibraryError: SetlistError {}
extension ValueError: SetlistError {}
extension AtomicFileError: SetlistError {}
