import ArgumentParser
import SetlistModel

struct RenameCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a playlist.",
        discussion: """
            Without PLAYLIST, the current playlist is renamed.

            Examples:
              setlist rename "Koncert" "Koncert v Praze"
              setlist rename "Koncert v Praze"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(
        help: ArgumentHelp("[PLAYLIST] NEW: the playlist (default: current) and its new name.", valueName: "playlist-and-name"),
        completion: .playlists)
    var words: [String] = []

    func validate() throws {
        guard (1...2).contains(words.count) else { throw ValidationError("Give the new name: setlist rename [PLAYLIST] NEW.") }
    }

    func run(_ context: CommandContext) throws {
        let new = try Text.cleanPlaylistName(words.last!)
        let renamed = try libraryOptions.modify(in: context) { library in
            try library.renamePlaylist(words.count == 2 ? words[0] : nil, to: new)
        }
        context.say(
            renamed.changedNothing ? "Nothing changed: the playlist is already named '\(new)'." : "Renamed '\(renamed.old)' to '\(new)'.")
    }
}

struct DuplicateCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate",
        abstract: "Copy a playlist under a new name, e.g. to start the next concert's.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist to copy.", completion: .playlists) var playlist: String
    @Argument(help: "The new playlist's name.") var new: String

    func run(_ context: CommandContext) throws {
        let name = try Text.cleanPlaylistName(new)
        let (original, copy) = try libraryOptions.modify(in: context) { library in try library.duplicatePlaylist(playlist, as: name) }
        let (old, count) = (original.name, copy.copies.count)
        context.say("Copied '\(old)' to '\(name)' (\(Show.count(count, "song"))). `setlist use \"\(name)\"` makes it current.")
    }
}

struct DeleteCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete playlists (the songs stay in the repertoire).",
        discussion: "`setlist undo` brings a deleted playlist back.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlists to delete.", completion: .playlists) var playlists: [String] = []
    @Flag(help: "Delete every playlist.") var all = false

    func validate() throws {
        if all == !playlists.isEmpty { throw ValidationError("Name the playlists to delete, or give --all.") }
    }

    func run(_ context: CommandContext) throws {
        let removed = try libraryOptions.modify(in: context) { library in
            all ? library.deleteAllPlaylists() : try library.deletePlaylists(playlists)
        }
        if all {
            context.say("Deleted all \(Show.count(removed.count, "playlist")).")
        } else {
            for name in removed { context.say("Deleted '\(name)'.") }
        }
    }
}

struct MovePlaylistCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "move-playlist",
        abstract: "Move a playlist to another place in the list.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist.", completion: .playlists) var playlist: String
    @Option(help: ArgumentHelp("The new position (1 is first).", valueName: "n")) var to: Int

    func run(_ context: CommandContext) throws {
        let moved = try libraryOptions.modify(in: context) { library in try library.movePlaylist(playlist, to: to) }
        context.say(
            moved.changedNothing
                ? "Nothing changed: '\(moved.name)' is already at position \(to)." : "Moved '\(moved.name)' to position \(to).")
    }
}
