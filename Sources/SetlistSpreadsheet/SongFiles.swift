import Foundation
import SetlistAppFormats
import SetlistModel
import SetlistSupport

/// Finds and reads the files `import-songs` is given: CSV, ChordPro, other apps' files
/// (``AppFormats``), or folders of them.
public enum SongFiles {
    /// The largest file read: far more than any repertoire, small enough to refuse a wrong file fast.
    public static let maximumSize = 20 << 20
    /// The largest archive read (a SongbookPro backup holds the PDFs its songs came from).
    public static let maximumArchiveSize = 512 << 20

    public struct Options: Sendable {
        public var columns: [SongColumn?]?
        public var encoding: String.Encoding?
        public var withLyrics: Bool
        /// How the band reads an ambiguous key such as `B` or `a`.
        public var notation: KeyNotation
        /// The notation the files are written in, when the user names it (`--notation`): their
        /// keys and chords are read so, whatever their chords would tell.
        public var given: KeyNotation?
        /// Set aside the files that cannot be read, rather than refusing all of them.
        public var skipInvalid: Bool

        public init(
            columns: [SongColumn?]? = nil, encoding: String.Encoding? = nil, withLyrics: Bool = false, notation: KeyNotation = .english,
            skipInvalid: Bool = false, given: KeyNotation? = nil
        ) {
            self.notation = notation
            self.given = given
            self.columns = columns
            self.encoding = encoding
            self.withLyrics = withLyrics
            self.skipInvalid = skipInvalid
        }
    }

    /// What the files named hold.
    public struct Found: Sendable {
        /// The songs of each file that could be read.
        public var sheets: [SongSheet] = []
        /// With `skipInvalid`, the files that could not be read, each with why.
        public var refused: [SpreadsheetError] = []
        /// The folders inside a folder named, which are not imported ("Songbook/Live/").
        public var subfolders: [String] = []
        /// Files of a folder without an extension that are no song (OpenSong's songs have none).
        public var unread: [String] = []
    }

    /// Reads every file (a folder stands for the ChordPro files in it, by name). Files that
    /// cannot be read at all are reported together (or, with `skipInvalid`, set aside); rows that
    /// cannot be imported are in the sheets' problems. A name or folder that is not there is
    /// always refused.
    /// - Parameter paths: each file as the user named it, and where it is.
    public static func read(_ paths: [(name: String, url: URL)], options: Options) throws(SpreadsheetError) -> Found {
        var found = Found(), missing: [SpreadsheetError] = [], errors: [SpreadsheetError] = []
        for path in paths {
            do {
                let folder = try expand(path)
                found.subfolders += folder.subfolders
                for file in folder.files {
                    do {
                        guard let sheet = try read(file.url, name: file.name, options: options, optional: file.optional) else {
                            found.unread.append(file.name)
                            continue
                        }
                        found.sheets.append(sheet)
                    } catch {
                        if options.skipInvalid { found.refused.append(error) } else { errors.append(error) }
                    }
                }
            } catch {
                missing.append(error)
            }
        }
        let all = missing + errors
        if all.count == 1, found.sheets.isEmpty { throw all[0] }
        if !all.isEmpty { throw missing.isEmpty && !found.sheets.isEmpty ? .refusedFiles(errors) : .several(all) }
        return found
    }

    /// The songs of one file: another app's by its content (``AppFormats``), else CSV or
    /// ChordPro by its extension or, failing that, its content.
    public static func read(_ data: Data, name: String, options: Options) throws(SpreadsheetError) -> SongSheet {
        let ext = (name as NSString).pathExtension.lowercased()
        do {
            if let library = try AppFormats.read(Array(data), name: name, notation: options.notation) {
                return SongSheet(file: name, library: library)
            }
        } catch {
            throw .appFile(error)
        }
        let text: String
        do {
            text = try TextDecoding.text(of: data, file: name, encoding: options.encoding)
        } catch .notUTF8(let file, let line, _) where ChordPro.fileExtensions.contains(ext) {
            throw .notUTF8(file: file, line: line, chordPro: true)
        }
        if ChordPro.fileExtensions.contains(ext) || (ext != "csv" && ext != "tsv" && ChordPro.looksLikeChordPro(text)) {
            return try ChordPro.read(text, file: name, withLyrics: options.withLyrics, notation: options.notation, given: options.given)
        }
        return try CSVSongs.read(text, file: name, columns: options.columns, notation: options.given ?? options.notation)
    }

    /// The songs of the file at `url`; with `optional` (a file of a folder that has no
    /// extension), nil when it is no file of another app.
    static func read(_ url: URL, name: String, options: Options, optional: Bool = false) throws(SpreadsheetError) -> SongSheet? {
        var data: Data
        let limit: Int
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: 4) ?? Data()
            limit = data.starts(with: [0x50, 0x4B]) ? maximumArchiveSize : maximumSize
            data += try handle.read(upToCount: limit + 1 - data.count) ?? Data()
        } catch {
            throw .unreadable(file: name, detail: FailureText.reason(error))
        }
        guard data.count <= limit else {
            throw .unreadable(file: name, detail: "it is larger than \(limit >> 20) MB, far more than a song list.")
        }
        if optional {
            do {
                guard let library = try AppFormats.read(Array(data), name: name, notation: options.notation) else { return nil }
                return SongSheet(file: name, library: library)
            } catch {
                throw .appFile(error)
            }
        }
        return try read(data, name: name, options: options)
    }

    /// The file a path names, or the ChordPro files of a folder by name and the folders in it.
    static func expand(_ path: (name: String, url: URL)) throws(SpreadsheetError) -> (
        files: [(name: String, url: URL, optional: Bool)], subfolders: [String]
    ) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.url.path, isDirectory: &isFolder) else {
            throw .unreadable(file: path.name, detail: "there is no such file.")
        }
        guard isFolder.boolValue else { return ([(path.name, path.url, false)], []) }
        let names: [String]
        do {
            // By name as people number files: "Song 2" before "Song 10" (import-songs --to keeps the order).
            names = try FileManager.default.contentsOfDirectory(atPath: path.url.path).filter { !$0.hasPrefix(".") }.sorted {
                switch $0.compare($1, options: .numeric) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: $0 < $1
                }
            }
        } catch {
            throw .unreadable(file: path.name, detail: FailureText.reason(error))
        }
        let prefix = path.name.hasSuffix("/") ? path.name : path.name + "/"
        let subfolders = names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path.url.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        let files = names.filter { name in
            let ext = (name as NSString).pathExtension.lowercased()
            return (ChordPro.fileExtensions.contains(ext) || AppFormats.fileExtensions.contains(ext) || ext.isEmpty)
                && !subfolders.contains(name)
        }
        guard !files.isEmpty else {
            throw .unreadable(
                file: path.name,
                detail: "the folder holds no song files (ChordPro .cho, .chordpro, .chopro, .crd; OnSong, OpenSong, OpenLyrics, "
                    + "SongbookPro or OpenLP files)"
                    + (subfolders.isEmpty ? "" : " (folders inside it are not read: name them one by one)") + ". Name CSV files one by one."
            )
        }
        // A name in a folder is shown as messages show text from a file: it may hold anything.
        return (
            files.map { (prefix + SongCells.shown($0), path.url.appendingPathComponent($0), ($0 as NSString).pathExtension.isEmpty) },
            subfolders.map { prefix + SongCells.shown($0) + "/" }
        )
    }
}
