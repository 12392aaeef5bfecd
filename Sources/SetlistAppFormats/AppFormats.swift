import Foundation
import SetlistModel

/// Tells another app's file by what it holds, whatever it is called, and reads it.
public enum AppFormats {
    /// The extensions of the files these formats come in, for reading a folder (OpenSong's songs
    /// have none, and are read when their content is an OpenSong song).
    public static let fileExtensions: Set<String> = SongbookProBackup.fileExtensions.union(["onsong", "xml", "osz", "osj", "osd", "backup"])

    /// The songs and sets of `bytes`, or nil when they are none of these formats (a spreadsheet, a
    /// ChordPro file, or nothing setlist reads).
    /// - Parameter name: the file as the user named it, for messages and for the extension.
    /// - Throws: ``AppFormatError`` for a file of one of these formats that cannot be read, or one
    ///   setlist refuses (an OpenLP 2.0 pickle, an OnSong database backup).
    public static func read(_ bytes: [UInt8], name: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary? {
        let ext = (name as NSString).pathExtension.lowercased()
        if AppArchive.isArchive(bytes) {
            let archive = try AppArchive(bytes, file: name)
            if SongbookProBackup.isBackup(archive) {
                return try SongbookProBackup.read(data: try archive.read(dataMember(archive)), file: name, notation: notation)
            }
            if OpenLPService.isService(archive) { return try OpenLPService.read(archive, notation: notation) }
            if archive.memberNames.contains(where: { $0.lowercased().hasSuffix(".osd") }) { throw .pickledService(file: name) }
            if SongbookProBackup.fileExtensions.contains(ext) {
                throw .missingMember(file: name, member: SongbookProBackup.dataFile, format: "SongbookPro backup")
            }
            if ext == "osz" { throw .missingMember(file: name, member: "a service (.osj)", format: "OpenLP service") }
            return nil
        }
        if isPickle(bytes, ext: ext) { throw .pickledService(file: name) }
        if bytes.starts(with: Array("SQLite format 3".utf8)) {
            if ext == "backup" { throw .onSongBackup(file: name) }
            return nil
        }
        if ext == "osj" { return try OpenLPService.read(osj: bytes, file: name, notation: notation) }
        if looksLikeXML(bytes) {
            let root = try XMLReader.read(bytes, file: name)
            if OpenLyricsSong.isSong(root) { return try OpenLyricsSong.read(root, file: name, notation: notation) }
            if OpenSongSong.isSong(root) { return OpenSongSong.read(root, file: name, notation: notation) }
            if OpenSongSet.isSet(root) { return OpenSongSet.read(root, file: name) }
            throw .invalidDocument(
                file: name,
                detail:
                    "it is XML, but no song or set setlist reads (an OpenLyrics or OpenSong song, an OpenSong set); its root is <\(root.name)>."
            )
        }
        if ext == "onsong" || (ext == "txt" && OnSongFile.looksLikeOnSong(bytes)) {
            return try OnSongFile.read(bytes, file: name, notation: notation)
        }
        return nil
    }

    static func dataMember(_ archive: AppArchive) -> String {
        archive.memberNames.first { $0 == SongbookProBackup.dataFile || $0.hasSuffix("/" + SongbookProBackup.dataFile) }
            ?? SongbookProBackup.dataFile
    }

    /// Whether the text (after a byte order mark and spaces) starts with `<`, in UTF-8 or UTF-16.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE, 0x3C]) || bytes.starts(with: [0xFE, 0xFF, 0x00, 0x3C]) { return true }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// Whether `bytes` are a Python pickle as OpenLP 2.0 wrote its `.osd`: protocol 2 or later
    /// opens with 0x80 and the protocol; protocol 0, in a file called `.osd`, with a list or dict.
    static func isPickle(_ bytes: [UInt8], ext: String) -> Bool {
        if bytes.count > 2, bytes[0] == 0x80, (2...5).contains(bytes[1]), bytes.last == UInt8(ascii: ".") { return true }
        return ext == "osd" && (bytes.starts(with: Array("(lp".utf8)) || bytes.starts(with: Array("(dp".utf8)))
    }
}
