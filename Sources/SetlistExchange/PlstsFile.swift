import Foundation

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
            throw .unreadableFile(source: source, detail: "\(error.localizedDescription).")
        }
        guard data.count <= PlstsFormat.maximumSize else {
            throw .tooLarge(source: source, size: data.count, limit: PlstsFormat.maximumSize)
        }
        return data
    }

    /// A file name for a playlist's document: its name with characters that cannot be in a file
    /// name (or would make it a hidden file or a path) replaced, and `.plsts` appended.
    public static func defaultName(for playlistName: String) -> String {
        var name = String(playlistName.map { character -> Character in
            character == "/" || character == "\\" || character == ":" || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                ? "-" : character
        })
        while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
        name = name.trimmingCharacters(in: .whitespaces)
        // File systems allow 255 bytes: a long name in a script of three-byte letters (Chinese,
        // Japanese) is cut by its bytes, between characters.
        while name.utf8.count > 200 { name.removeLast() }
        name = name.trimmingCharacters(in: .whitespaces)
        return (name.isEmpty ? "setlist" : name) + "." + PlstsFormat.fileExtension
    }
}
