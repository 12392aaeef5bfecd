import Foundation
import SetlistModel
import SetlistSupport

/// A PDF on disk: its default name and how it is written.
public enum PDFFile {
    /// The default file name: "Concert.pdf", "Concert-short.pdf", "Concert-stage.pdf", made safe
    /// for any name by ``FileName/forPlaylist(_:suffix:extension:)``.
    public static func defaultName(for playlist: Playlist, style: PDFStyle, part: Part = .concert) -> String {
        FileName.forPlaylist(playlist.name, suffix: style.fileSuffix + fileSuffix(part), extension: "pdf")
    }

    /// "-Eb", "-capo2", "-lyrics": the part in a file's name; nothing for concert pitch.
    static func fileSuffix(_ part: Part) -> String {
        switch part {
        case .concert: ""
        case .capo(let fret): "-capo\(fret)"
        default: "-" + part.description
        }
    }

    /// Writes a rendered PDF atomically: the file is either complete or not there (nor changed).
    public static func write(_ data: Data, to url: URL) throws(PDFError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotWrite(
                path: url.path, detail: "that is a folder. Give a file name such as \(url.appendingPathComponent("Concert.pdf").path).")
        }
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw .cannotWrite(path: url.path, detail: writeFailureDetail(error, folder: url.deletingLastPathComponent().path))
        }
    }

    private static func writeFailureDetail(_ error: AtomicFileError, folder: String) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            return "the folder \(folder) does not exist. Create it first or choose another path with -o."
        }
        if !isFolder.boolValue {
            return "\(folder) is a file, not a folder. Choose another path with -o."
        }
        if !FileManager.default.isWritableFile(atPath: folder) {
            return "you may not write to the folder \(folder). Choose another path with -o."
        }
        // The reason and advice only: the message already names the file.
        return error.detail + " Nothing was written."
    }
}
