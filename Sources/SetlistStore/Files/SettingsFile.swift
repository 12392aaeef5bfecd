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
                .dictionary("settings", \.settings), .list("conflicts", \.conflicts),
            ])
    }
}
