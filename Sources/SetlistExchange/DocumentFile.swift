import Foundation
import SetlistModel
import SetlistSupport

/// Where `export` and `export-songs` put what they write: a file, written atomically, or
/// standard output for "-".
public enum DocumentFile {
    /// Writes `data` atomically to `url`, the file the user named `path`; a folder there is
    /// refused with a message that suggests `fileName` inside it.
    public static func write(_ data: Data, to url: URL, path: String, fileName: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw ExchangeError.outputIsFolder(path: path, fileName: fileName)
        }
        try AtomicFile.write(data, to: url)
    }
}
