import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `settings.json`: the library's settings by name (`setlist config`).
    struct SettingsFile: LibraryFile, Codable, Equatable {
        var format = "setlist-settings"
        var version = LibraryFiles.version
        var settings: [String: String]
        var conflicts: [LibraryConflict]?

        init(settings: [String: String], conflicts: [LibraryConflict]? = nil) {
            self.settings = settings
            self.conflicts = conflicts
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var settings: [String: String]?, conflicts: [LibraryConflict]?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "settings":
                    var values: [String: String] = [:]
                    try reader.readObject { name, reader throws(JSONReadError) in values[name] = try reader.readString() }
                    settings = values
                case "conflicts": conflicts = try readConflicts(&reader)
                default: try header.read(key, from: &reader)
                }
            }
            (format, version) = try header.checked(reader)
            guard let settings else { throw reader.missing("settings") }
            self.settings = settings
            self.conflicts = conflicts
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("format", format)
                writer.member("settings") { writer in
                    writer.object { writer in
                        for (name, value) in settings { writer.member(name, value) }
                    }
                }
                writer.member("version", version)
            }
        }
    }
}
