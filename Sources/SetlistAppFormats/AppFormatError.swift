import SetlistModel

/// A file of another app that cannot be read. Every case names the file, and where it can the
/// line and column (XML), the member of an archive, or the song at fault; and says what to do.
public enum AppFormatError: SetlistError, Hashable, Sendable {
    /// XML that is not well-formed, or that asks for what setlist never does (a DTD, an entity).
    case malformedXML(file: String, line: Int, column: Int, message: String)
    /// A ZIP archive that cannot be opened, or whose members are too many or too large.
    case badArchive(file: String, detail: String)
    /// An archive without the member its format names (`dataFile.txt`, a `.osj`).
    case missingMember(file: String, member: String, format: String)
    /// A document that is sound as XML or JSON but not what its format says (a member or field
    /// of the wrong kind, a required part missing).
    case invalidDocument(file: String, detail: String)
    /// OpenLP 2.0's `.osd`, a Python pickle: never unpickled.
    case pickledService(file: String)
    /// OnSong's `.backup`, an undocumented SQLite database.
    case onSongBackup(file: String)

    public var description: String {
        switch self {
        case .malformedXML(let file, let line, let column, let message):
            return "\(file), line \(line), column \(column): \(message) Nothing was imported."
        case .badArchive(let file, let detail):
            return "Cannot read \(file): \(detail) Nothing was imported."
        case .missingMember(let file, let member, let format):
            return "\(file) is a ZIP archive without \(member), so it is no \(format) file. Nothing was imported."
        case .invalidDocument(let file, let detail):
            return "\(file): \(detail) Nothing was imported."
        case .pickledService(let file):
            return """
                \(file) is an OpenLP 2.0 service (.osd, a Python pickle), which setlist does not open: \
                reading it could run code. Open the service in OpenLP 2.2 or later and save it again \
                (File > Save Service), which writes a .osz setlist reads. Nothing was imported.
                """
        case .onSongBackup(let file):
            return """
                \(file) is an OnSong backup (.backup), a database whose layout OnSong does not publish. \
                In OnSong, export the songs instead (Share > Export, as OnSong or ChordPro files), and \
                bring those in with import-songs. Nothing was imported.
                """
        }
    }
}
