import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `settings.json`: the library's settings by name (`setlist config`).
    struct SettingsFile: LibraryFile, Equatable {
        var format = "setlist-settings"
        var version = LibraryFiles.version
        var settings: [String: String]
        var conflicts: [LibraryConflict]?

        init(settings: [String: String], conflicts: [LibraryConflict]? = nil) {
            self.settings = settings
            self.conflicts = conflicts
        }

        static let json = JSONMembers<Self>(
            blank: { Self(settings: [:]) },
            header + [
                JSONMember(
                    "settings",
                    read: { file, reader throws(JSONReadError) in
                        var values: [String: String] = [:]
                        try reader.readObject { name, reader throws(JSONReadError) in values[name] = try reader.readString() }
                        file.settings = values
                    },
                    write: { file, writer in
                        writer.member("settings") { writer in
                            writer.object { writer in
                                for (name, value) in file.settings { writer.member(name, value) }
                            }
                        }
                    }),
                .list("conflicts", \.conflicts),
            ])
    }
}
