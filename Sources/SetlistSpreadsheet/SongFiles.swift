import Foundation
import SetlistModel
import SetlistStore

/// Finds and reads the files `import-songs` is given: CSV, ChordPro, or folders of ChordPro files.
public enum SongFiles {
    /// The largest file read: far more than any repertoire, small enough to refuse a wrong file fast.
    public static let maximumSize = 20 << 20

    public struct Options: Sendable {
        public var columns: [SongColumn?]?
        public var encoding: String.Encoding?
        public var withLyrics: Bool
        /// How the band reads an ambiguous key such as `B` or `a`.
        public var notation: KeyNotation

        public init(
            columns: [SongColumn?]? = nil, encoding: String.Encoding? = nil, withLyrics: Bool = false, notation: KeyNotation = .english
        ) {
            self.notation = notation
            self.columns = columns
            self.encoding = encoding
            self.withLyrics = withLyrics
        }
    }

    /// Reads every file (a folder stands for the ChordPro files in it, by name). Files that
    /// cannot be read at all are reported together; rows that cannot be imported are in the
    /// sheets' problems.
    /// - Parameter paths: each file as the user named it, and where it is.
    public static func read(_ paths: [(name: String, url: URL)], options: Options) throws(SpreadsheetError) -> [SongSheet] {
        var sheets: [SongSheet] = [], errors: [SpreadsheetError] = []
        for path in paths {
            do {
                for file in try expand(path) {
                    sheets.append(try read(file.url, name: file.name, options: options))
                }
            } catch {
                errors.append(error)
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw .several(errors) }
        return sheets
    }

    /// The songs of one file, as CSV or ChordPro by its extension or, failing that, its content.
    public static func read(_ data: Data, name: String, options: Options) throws(SpreadsheetError) -> SongSheet {
        let text = try TextDecoding.text(of: data, file: name, encoding: options.encoding)
        let ext = (name as NSString).pathExtension.lowercased()
        if ChordPro.fileExtensions.contains(ext) || (ext != "csv" && ext != "tsv" && ChordPro.looksLikeChordPro(text)) {
            return ChordPro.read(text, file: name, withLyrics: options.withLyrics, notation: options.notation)
        }
        return try CSVSongs.read(text, file: name, columns: options.columns, notation: options.notation)
    }

    static func read(_ url: URL, name: String, options: Options) throws(SpreadsheetError) -> SongSheet {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw .unreadable(file: name, detail: FailureText.reason(error))
        }
        guard data.count <= maximumSize else {
            throw .unreadable(file: name, detail: "it is larger than \(maximumSize >> 20) MB, far more than a song list.")
        }
        return try read(data, name: name, options: options)
    }

    static func expand(_ path: (name: String, url: URL)) throws(SpreadsheetError) -> [(name: String, url: URL)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.url.path, isDirectory: &isFolder) else {
            throw .unreadable(file: path.name, detail: "there is no such file.")
        }
        guard isFolder.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path.url.path)
        } catch {
            throw .unreadable(file: path.name, detail: FailureText.reason(error))
        }
        let files = names.filter { ChordPro.fileExtensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
            .sorted()
        guard !files.isEmpty else {
            throw .unreadable(
                file: path.name, detail: "the folder holds no ChordPro files (.cho, .chordpro, .chopro, .crd). Name CSV files one by one.")
        }
        let prefix = path.name.hasSuffix("/") ? path.name : path.name + "/"
        return files.map { (prefix + $0, path.url.appendingPathComponent($0)) }
    }
}
