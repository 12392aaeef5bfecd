import Foundation
import SetlistAppFormats
import SetlistModel
import SetlistSupport

/// `export-songs --format openlyrics|chordpro -o FOLDER`: one file per song of the repertoire,
/// OpenLyrics 0.9 (`.xml`, for OpenLP, Quelea, OpenSongTablet and other OpenLyrics apps) or
/// ChordPro (`.cho`, for SongbookPro, OnSong and every ChordPro app), named after the song.
public struct SongFolderExport: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case openlyrics, chordpro

        var fileExtension: String { self == .openlyrics ? "xml" : "cho" }
    }

    /// Each file's name in the folder and its bytes, in repertoire order.
    public var files: [(name: String, data: Data)]

    public init(songsOf library: Library, format: Format) {
        var used: Set<String> = []
        files = library.songs.map { song in
            let data: String =
                switch format {
                case .openlyrics: OpenLyricsWriter.document(song.fields)
                case .chordpro: ChordProFile.text(of: song.fields)
                }
            return (Self.name(for: song.fields, extension: format.fileExtension, used: &used), Data(data.utf8))
        }
    }

    /// "Title.xml", or "Title (Author).xml" and then "Title (Author) 2.xml" for titles that repeat:
    /// songs share titles, files in a folder cannot (compared as a case-insensitive file system does).
    static func name(for fields: SongFields, extension ext: String, used: inout Set<String>) -> String {
        var stem = FileName.safe(fields.name, fallback: "song")
        if used.contains(stem.lowercased() + "." + ext), let author = fields.author {
            stem = FileName.safe("\(fields.name) (\(author))", fallback: "song")
        }
        var candidate = stem, number = 2
        while used.contains(candidate.lowercased() + "." + ext) {
            candidate = "\(stem) \(number)"
            number += 1
        }
        used.insert(candidate.lowercased() + "." + ext)
        return candidate + "." + ext
    }

    /// Writes every file into `folder` (made when missing), each atomically; files of the same
    /// names are replaced, others in the folder left alone.
    public func write(to folder: URL, path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw SpreadsheetError.cannotWrite(path: path, detail: "it is a file; name a folder (export-songs --format … -o FOLDER).")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SpreadsheetError.cannotWrite(path: path, detail: "the folder cannot be made: \(FailureText.reason(error))")
        }
        for file in files {
            try AtomicFile.write(file.data, to: folder.appendingPathComponent(file.name))
        }
    }
}
