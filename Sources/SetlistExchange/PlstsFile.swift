import Foundation
import SetlistModel
import SetlistSupport

/// Reading a `.plsts` file from disk without trusting it: a folder, a device or a huge file is
/// refused before its contents are read.
public enum PlstsFile {
    /// The bytes of the file at `url`, at most ``PlstsFormat/maximumSize``.
    /// - Parameter source: the name to use in messages (the path as typed).
    public static func read(_ url: URL, source: String) throws(ExchangeError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .unreadableFile(source: source, detail: "there is no such file. Check the name and the folder you are in.")
        }
        guard !isFolder.boolValue else {
            throw .unreadableFile(source: source, detail: "it is a folder. Name the .plsts file inside it.")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > PlstsFormat.maximumSize {
            throw .tooLarge(source: source, size: size, limit: PlstsFormat.maximumSize)
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadableFile(source: source, detail: "it cannot be opened (check its permissions).")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: PlstsFormat.maximumSize + 1) ?? Data()
        } catch {
            throw .unreadableFile(source: source, detail: FailureText.reason(error))
        }
        guard data.count <= PlstsFormat.maximumSize else {
            throw .tooLarge(source: source, size: data.count, limit: PlstsFormat.maximumSize)
        }
        return data
    }

    /// A file name for a playlist's document, "Concert.plsts", made safe for any name by
    /// ``FileName/forPlaylist(_:suffix:extension:)`` (the same rule as the PDF's).
    public static func defaultName(for playlistName: String) -> String {
        FileName.forPlaylist(playlistName, extension: PlstsFormat.fileExtension)
    }
}
