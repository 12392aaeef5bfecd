import ArgumentParser
import SetlistModel
import SetlistStageMode
import SetlistSupport

struct NewCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a playlist, copy songs into it and make it current.",
        discussion: """
            Examples:
              setlist new "Koncert v Praze" "Highway to Hell" "Stairway to Heaven"
              setlist new "Nový koncert" --new-song "Under the Bridge"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist's name.") var name: String
    @Argument(help: "Songs of the repertoire to copy in (titles or ids).", completion: .songs) var songs: [String] = []
    @Option(
        name: .customLong("new-song"),
        help: ArgumentHelp("Also create a new song with this title and copy it in (repeatable).", valueName: "title"))
    var newSongs: [String] = []

    func run(_ context: CommandContext) throws {
        let name = try Text.cleanPlaylistName(self.name)
        let titles = try newSongs.map { (title) throws(ValueError) in try Text.cleanName(title, field: "song name") }
        let created = try libraryOptions.modify(in: context) { library in
            try library.createPlaylist(named: name, copying: songs, newSongs: titles)
        }
        let playlist = created.playlist
        context.say("Created '\(playlist.name)' with \(Show.count(playlist.copies.count, "song")); it is now the current playlist.")
        for title in titles { context.say("Created the song '\(title)' and copied it in.") }
        for other in created.sameTitle {
            context.note("another song has this title too: \(other.listing). Name them by id where it matters.")
        }
    }
}

struct PlaylistsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "playlists", abstract: "List the playlists.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Option(help: "Only playlists whose name contains this (case and accents ignored).") var search: String?
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    struct Row: JSONWritable {
        var id: String, name: String, current: Bool, count: Int, totalLength: Int

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("count", count)
                writer.member("current", current)
                writer.member("id", id)
                writer.member("name", name)
                writer.member("totalLength", totalLength)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        // A damaged playlist file is named and the others listed; the exit status says the list is short.
        let (library, incomplete) = try libraryOptions.loadListing(.playlists, in: context)
        try list(library, in: context)
        if incomplete { throw ExitCode.failure }
    }

    private func list(_ library: Library, in context: CommandContext) throws {
        let numbered = library.numberedPlaylists(searching: search)
        if json {
            return context.printJSON(
                numbered.map(\.playlist).map {
                    Row(
                        id: $0.id, name: $0.name, current: $0.id == library.currentPlaylistID, count: $0.copyCount,
                        totalLength: $0.totalLength)
                })
        }
        guard !numbered.isEmpty else {
            context.say(search == nil ? "No playlists yet. Create one with `setlist new NAME`." : "No playlist matches '\(search!)'.")
            return
        }
        var table = Table([("", .left), ("#", .right), ("Name", .text), ("Songs", .right), ("Length", .right)])
        for (position, playlist) in numbered {
            table.add([
                playlist.id == library.currentPlaylistID ? "*" : "", "\(position)", playlist.name,
                "\(playlist.copyCount)", SongLength.format(playlist.totalLength),
            ])
        }
        context.say(table.render(for: context))
        if numbered.contains(where: { $0.playlist.id == library.currentPlaylistID }) { context.say("* current playlist") }
    }
}

struct ShowCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a playlist's songs in order, with its breaks and total length.",
        discussion: "A * marks a field where the copy differs from its original.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false
    @Option(help: ArgumentHelp("Show only the song at this position, as `setlist live` does (JSON: that song's entry).", valueName: "n"))
    var at: Int?

    func run(_ context: CommandContext) throws {
        let library = try libraryOptions.load(.playlist(playlist), in: context)
        let playlist = try library.playlist(matching: self.playlist)
        if let at {
            let position = try Library.position(of: String(at), in: playlist)
            if json { return context.printJSON(PlaylistJSON(playlist, in: library, clock: context.planClock).songs[position - 1]) }
            let stage = StagePosition(
                playlist: playlist, position: position, notation: library.notation, clock: playlist.plan.map(context.planClock))
            return context.say(stage!.textLines.joined(separator: "\n"))
        }
        if json { return context.printJSON(PlaylistJSON(playlist, in: library, clock: context.planClock)) }
        context.printPlaylist(playlist, in: library)
    }
}

struct UseCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Make a playlist the current one.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist.", completion: .playlists) var playlist: String

    func run(_ context: CommandContext) throws {
        let name = try libraryOptions.modify(in: context) { library in try library.usePlaylist(playlist).name }
        context.say("'\(name)' is now the current playlist.")
    }
}

struct AddCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Copy songs of the repertoire into a playlist.",
        discussion: """
            Each song is copied: changing the copy (edit-song SONG --in PLAYLIST) leaves the \
            original as it was. The first word is the playlist when it names one and songs follow; \
            --to names the playlist outright (needed when a playlist and a song share a name).

            Example: setlist add "Můj koncert" "Highway to Hell" "Stairway to Heaven"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(
        help: ArgumentHelp("[PLAYLIST] SONG...: the playlist (default: current), then the songs.", valueName: "playlist-and-songs"),
        completion: .playlistsAndSongs)
    var words: [String] = []
    @Flag(help: "Copy in every song of the repertoire the playlist does not hold yet.") var all = false
    @Flag(help: "With --all: copy in also the songs the playlist already holds, a second time.") var again = false
    @Option(help: ArgumentHelp("The playlist; every word is then a song.", valueName: "playlist")) var to: String?
    @Option(help: ArgumentHelp("Insert before the song at this position (default: at the end).", valueName: "n")) var at: Int?

    func validate() throws {
        if words.isEmpty && !all { throw ValidationError("Name the songs to copy in, or give --all.") }
        // Songs named are always copied in; only --all leaves out those already there.
        if again && !all {
            throw ValidationError("--again goes with --all: songs named are copied in whether or not the playlist holds them.")
        }
    }

    func run(_ context: CommandContext) throws {
        let added = try libraryOptions.modify(in: context) { library in
            let (playlist, songs) = try to.map { ($0, words) } ?? PlaylistArguments.splitForAdd(words, in: library, needing: all ? 0 : 1)
            if all && !songs.isEmpty { throw ValidationError("Give either song names or --all, not both.") }
            return try library.copySongs(all ? nil : songs, into: playlist, at: at, again: again)
        }
        let (count, position, skipped) = (added.count, added.first, added.skipped)
        let range = count == 1 ? "position \(position)" : "positions \(position)–\(position + count - 1)"
        if count == 0 && skipped > 0 {
            return context.say(
                "Nothing to copy in: '\(added.playlist)' already holds every song of the repertoire (`--again` copies them in again).")
        }
        let leftOut =
            skipped == 0
            ? "" : "; left out \(Show.count(skipped, "song")) it already holds (`--again` copies \(skipped == 1 ? "it" : "them") in too)"
        context.say(
            count == 0
                ? "There are no songs to copy in." : "Copied \(Show.count(count, "song")) into '\(added.playlist)' at \(range)\(leftOut).")
    }
}

struct RemoveCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove songs from a playlist (the originals stay in the repertoire).",
        discussion: "Example: setlist remove \"Můj koncert\" 3 \"Highway to Hell\"")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: ArgumentHelp("[PLAYLIST] POSITION|SONG...", valueName: "playlist-and-songs"), completion: .playlistsAndSongs) var words:
        [String] = []
    @Flag(help: "Remove every song from the playlist.") var all = false

    func validate() throws {
        if words.isEmpty && !all { throw ValidationError("Name the positions or songs to remove, or give --all.") }
    }

    func run(_ context: CommandContext) throws {
        if all && words.count > 1 { throw ValidationError("With --all, name only the playlist.") }
        let result = try libraryOptions.modify(in: context) { library in
            if all { return try library.removeCopies(nil, from: words.first) }
            let split = PlaylistArguments.split(words, in: library, needing: 1, inPlaylist: true)
            return try library.removeCopies(split.rest, from: split.playlist)
        }
        let (name, removed) = (result.playlist, result.removed)
        context.say("Removed \(Show.count(removed.count, "song")) from '\(name)'" + (removed.count == 1 ? " ('\(removed[0].name)')." : "."))
        if let emptied = Playlist.emptiedSetsSentence(result.emptiedSets) { context.say(emptied) }
    }
}

struct MoveCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a song within a playlist.",
        discussion: "Example: setlist move \"Můj koncert\" 1 2   (the first song becomes the second)")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(
        help: ArgumentHelp("[PLAYLIST] FROM TO: FROM is a position or a song, TO a position.", valueName: "playlist-from-to"),
        completion: .playlistsAndSongs)
    var words: [String] = []

    func validate() throws {
        guard (2...3).contains(words.count) else {
            throw ValidationError("Give the position (or song) to move and where to: setlist move [PLAYLIST] FROM TO.")
        }
        guard Int(words.last!) != nil else { throw ValidationError("TO must be a position number, not '\(words.last!)'.") }
    }

    func run(_ context: CommandContext) throws {
        let moved = try libraryOptions.modify(in: context) { library in
            try library.moveCopy(words[words.count - 2], to: words[words.count - 1], in: words.count == 3 ? words[0] : nil)
        }
        guard !moved.changedNothing else {
            context.say("Nothing changed: '\(moved.song)' is already at position \(moved.position) in '\(moved.playlist)'.")
            return
        }
        context.say("Moved '\(moved.song)' to position \(moved.position) in '\(moved.playlist)'.")
        if let emptied = Playlist.emptiedSetsSentence(moved.emptiedSets) { context.say(emptied) }
    }
}

struct BreakCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "break",
        abstract: "Put a break between sets after a song (or relabel one, or give it a length).",
        discussion: """
            Examples:
              setlist break "Můj koncert" --after 8 --label "Set 2"
              setlist break --after 8 --length 20m     # that break lasts 20 minutes
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp("The position of the song the break follows.", valueName: "n")) var after: Int
    @Option(help: "The label, like \"Set 2\" or \"Encore\" (default: Set N).") var label: String?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long this break lasts, e.g. 15m (default: the plan's break length).", valueName: "length"))
    var length: String?

    func run(_ context: CommandContext) throws {
        var errors: [ValueError] = []
        var label: String?
        do throws(ValueError) {
            label = try self.label.map { (text) throws(ValueError) in try Text.cleanName(text, field: "break label") }
        } catch {
            errors.append(error)
        }
        let length = self.length.flatMap(SongLength.duration(from:))
        if let text = self.length, length == nil { errors.append(.invalidLength(text)) }
        guard errors.isEmpty else { throw LibraryError.invalidValues(errors) }
        let placed = try libraryOptions.modify(in: context) { library in
            try library.placeBreak(in: playlist, after: after, label: label, length: length)
        }
        let lasting = placed.length.map { ", lasting \(SongLength.format($0))" } ?? ""
        context.say("Break '\(placed.label)'\(lasting) after song \(after) in '\(placed.playlist)'.")
    }
}

struct RemoveBreakCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-break", abstract: "Remove the break after a song.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp("The position of the song the break follows (0: a break before the first song).", valueName: "n")) var after:
        Int

    func run(_ context: CommandContext) throws {
        let name = try libraryOptions.modify(in: context) { library in try library.removeBreak(in: playlist, after: after) }
        context.say(
            after == 0 ? "Removed the break before the first song in '\(name)'." : "Removed the break after song \(after) in '\(name)'.")
    }
}
