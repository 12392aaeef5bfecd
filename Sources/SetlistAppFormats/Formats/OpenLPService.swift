import Foundation
import SetlistModel
import SetlistSupport

/// An OpenLP service (`.osz`): a ZIP archive holding one `.osj`, a JSON list whose first item is
/// `{"openlp_core": …}` and each other `{"serviceitem": {"header": {"name", "plugin", "title",
/// "xml_version", …}, "data": …}}`. A song's item carries its OpenLyrics document as a string
/// (`xml_version`); the service becomes a setlist of those songs in service order, and the
/// other items (Bible passages, custom slides, images, media, presentations) are reported.
/// Only the `.osj` is read; the media files beside it are not.
public enum OpenLPService {
    static func isService(_ archive: AppArchive) -> Bool {
        archive.memberNames.contains { $0.lowercased().hasSuffix(".osj") }
    }

    static func read(_ archive: AppArchive, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        guard let member = archive.memberNames.first(where: { $0.lowercased().hasSuffix(".osj") }) else {
            throw .missingMember(file: archive.file, member: "a service (.osj)", format: "OpenLP service")
        }
        var library = try read(osj: try archive.read(member), file: archive.file, notation: notation)
        if library.sets.first?.name.isEmpty ?? false {
            library.sets[0].name = ((archive.file as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        return library
    }

    /// The songs of an `.osj` list, and the service as a set named after the file.
    static func read(osj bytes: [UInt8], file: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        let items: [JSONValue]
        switch JSONValue(parsing: bytes) {
        case .array(let list)?: items = list
        default: throw .invalidDocument(file: file, detail: "its service (.osj) is not the JSON list OpenLP writes.")
        }
        var library = AppLibrary(format: .openLPService)
        var set = AppSet(name: ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
        for (position, item) in items.enumerated() {
            guard case .object(let members) = item, case .object(let service)? = members["serviceitem"],
                case .object(let header)? = service["header"]
            else { continue }
            let title = header["title"].flatMap(string) ?? "untitled"
            let plugin = header["plugin"].flatMap(string) ?? header["name"].flatMap(string) ?? "unknown"
            guard plugin == "songs", let xml = header["xml_version"].flatMap(string), !xml.isEmpty else {
                library.leftOut.append("\(file), item \(position): \(kind(of: plugin)) '\(title)': not a song")
                continue
            }
            let place = "\(file), item \(position) (\(title))"
            let root = try XMLReader.read(Array(xml.utf8), file: place)
            guard OpenLyricsSong.isSong(root) else {
                throw .invalidDocument(file: place, detail: "its song is not an OpenLyrics document.")
            }
            if let song = OpenLyricsSong.song(root, file: place, notation: notation, library: &library) {
                set.entries.append(AppSet.Entry(song: .index(library.songs.count)))
                library.songs.append(song)
            }
        }
        library.sets.append(set)
        return library
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// What an item of OpenLP's plugins is, in words.
    static func kind(of plugin: String) -> String {
        switch plugin {
        case "bibles": "Bible passage"
        case "custom": "custom slide"
        case "images": "image"
        case "media": "media"
        case "presentations": "presentation"
        case "songs": "song without words"
        default: "item (\(plugin))"
        }
    }
}
