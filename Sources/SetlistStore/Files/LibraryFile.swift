import Foundation
import SetlistModel
import SetlistSupport

/// One kind of library file (the song list, a playlist, the order of the playlists, the
/// contacts, the settings, a gig, a history entry): its JSON object, whose members its
/// ``JSONRecord/json`` names, the format and version every file has among them.
///
/// A file of a newer version is refused; an older one is read.
protocol LibraryFile: JSONRecord {
    /// What kind of file it is ("setlist-songs").
    var format: String { get set }
    /// The format version the file was written in.
    var version: Int { get set }
}

extension LibraryFile {
    /// The members every library file has, which a file's own are listed after.
    static var header: [JSONMember<Self>] { [.text("format", \.format), .integer("version", \.version)] }
}

/// The members every library file has, read alone to tell what a file is.
struct LibraryFileHeader {
    var format: String?
    var version: Int?

    /// Reads `key` when it is `format` or `version`, and passes over any other.
    mutating func read(_ key: String, from reader: inout JSONReader) throws(JSONReadError) {
        switch key {
        case "format": format = try reader.readString()
        case "version": version = try reader.readInt()
        default: try reader.skipValue()
        }
    }

    /// The format and version, which every file must have.
    func checked(_ reader: JSONReader) throws(JSONReadError) -> (format: String, version: Int) {
        guard let format else { throw reader.missing("format") }
        guard let version else { throw reader.missing("version") }
        return (format, version)
    }
}

extension LibraryFiles {
    /// Reads a library file, with errors that name the file and the place in it.
    static func decode<File: LibraryFile>(_ type: File.Type, from data: Data, path: String) throws(LibraryError) -> File {
        try decode(type, from: Array(data), path: path)
    }

    /// ``decode(_:from:path:)`` of the bytes of a file as read.
    static func decode<File: LibraryFile>(_ type: File.Type, from data: [UInt8], path: String) throws(LibraryError) -> File {
        var reader = JSONReader(bytes: data)
        do {
            let file = try reader.readDocument { reader throws(JSONReadError) in try File(json: &reader) }
            if file.version > version { throw LibraryError.newerFormat(path: path, found: file.version, supported: version) }
            return file
        } catch let error as LibraryError {
            throw error
        } catch {
            // A file this build cannot read may be one a newer build wrote, or no library file at
            // all: its header says which before the first problem in its body.
            let header = try? Self.header(of: data)
            if header != nil && header?.version == nil {
                throw .unreadableFile(path: path, detail: "it has no \"version\" field, so it is not a setlist library file.")
            }
            if let found = header?.version, found > version { throw .newerFormat(path: path, found: found, supported: version) }
            let problems = (error as? JSONReadError).map { Self.problems(of: type, in: data, first: $0) } ?? ["\(error)"]
            guard problems.count > 1 else { throw .unreadableFile(path: path, detail: problems[0]) }
            throw .inconsistentLibrary(problems.map { IntegrityProblem(.unreadableFile, path: path, detail: $0) })
        }
    }

    /// Every problem of a file whose reading stopped at `first`, read again past the values
    /// that are wrong (``JSONReader/collectProblems()``): a file is fixed in one go, not one
    /// problem per run of `setlist check`.
    private static func problems<File: LibraryFile>(of type: File.Type, in data: [UInt8], first: JSONReadError) -> [String] {
        var reader = JSONReader(bytes: data)
        reader.collectProblems()
        var last: JSONReadError?
        do {
            _ = try reader.readDocument { reader throws(JSONReadError) in try File(json: &reader) }
        } catch {
            last = error
        }
        // Broken JSON is a problem of its own; a record said to lack a field after a problem
        // inside it was noted lacks it because of that problem.
        let all = reader.problems + (last.map { $0.isSyntax || reader.problems.isEmpty ? [$0] : [] } ?? [])
        return (all.isEmpty ? [first] : all).map(\.description)
    }

    /// The file as read past its values of the wrong kind (each left out, a record without a
    /// field it needs passed over), for `check` to look at the values that are there; nil when
    /// it is not sound JSON. Never written back.
    static func readPastWrongValues<File: LibraryFile>(_ type: File.Type, from data: [UInt8]) -> File? {
        var reader = JSONReader(bytes: data)
        reader.collectProblems()
        return try? reader.readDocument { reader throws(JSONReadError) in try File(json: &reader) }
    }

    /// The format and version of a file that is a JSON object; an error for anything else.
    static func header(of data: [UInt8]) throws(JSONReadError) -> LibraryFileHeader {
        var reader = JSONReader(bytes: data)
        var header = LibraryFileHeader()
        try reader.readDocument { reader throws(JSONReadError) in
            try reader.readObject { key, reader throws(JSONReadError) in try header.read(key, from: &reader) }
        }
        return header
    }

    /// The bytes of a library file: its JSON and the final new line of a text file.
    static func encode(_ file: some LibraryFile) -> Data {
        var writer = JSONWriter(capacity: 4096)
        file.write(json: &writer)
        return writer.document
    }
}
