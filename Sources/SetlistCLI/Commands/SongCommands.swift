import ArgumentParser
import SetlistMail
import SetlistModel
import SetlistStore
import SetlistSupport

struct AddSongCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add-song",
        abstract: "Create a song in the repertoire (and optionally copy it into a playlist).",
        discussion: """
            A song the repertoire already has (the same title and author, whatever the case and \
            accents) is refused, as `setlist import-songs` skips it; --duplicate adds it anyway.

            Examples:
              setlist add-song "Highway to Hell" --author AC/DC --length 2:20 --key Cm
              setlist add-song "Stairway to Heaven" --bpm 250 --to "Můj koncert" --at 1
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song's title.") var name: String
    @OptionGroup var fields: SongFieldOptions
    @Option(help: ArgumentHelp("Also copy the new song into this playlist.", valueName: "playlist"), completion: .playlists) var to: String?
    @Option(help: ArgumentHelp("With --to: the position in the playlist (default: the end).", valueName: "n")) var at: Int?
    @Flag(help: "Add it even when the repertoire already has a song of the same title and author.") var duplicate = false

    func validate() throws {
        if at != nil && to == nil { throw ValidationError("--at goes with --to PLAYLIST.") }
    }

    func run(_ context: CommandContext) throws {
        // Malformed values are refused before the library is touched; the key is read again in
        // the band's notation, which only the library knows.
        let typed = try fields.edit(name: name, in: context)
        let added = try libraryOptions.modify(to == nil ? .songs : .everything, in: context) { library in
            var edit = typed
            edit.key = try fields.key(in: library.notation)
            return try library.addSong(SongFieldOptions.record(edit), copyInto: to, at: at, duplicate: duplicate)
        }
        context.say("Added \(added.song.fields.listing) (id \(Identifier.short(added.song.id))).")
        if let placed = added.placement { context.say("Copied it into '\(placed.playlist)' as song \(placed.position).") }
        for other in added.sameTitle {
            context.note("another song has this title too: \(other.listing). Name them by id where it matters.")
        }
    }
}

struct SongsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "songs", abstract: "List the songs of the repertoire.",
        discussion: """
            With --played (or any option about playing), the gig log adds how many times each \
            song was played and the day it was last played.

            Examples:
              setlist songs --played --sort last-played
              setlist songs --not-played-since 2025-01-01
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Option(help: "Only songs whose title or author contains this (case and accents ignored).") var search: String?
    @Flag(help: "Add the times played and the day last played, from the gig log.") var played = false
    @Option(help: ArgumentHelp("last-played: the longest unplayed first (never played before any).", valueName: "order"))
    var sort: SongOrder?
    @Option(help: ArgumentHelp("Only songs not played on or after this day (never played ones too).", valueName: "date"))
    var notPlayedSince: String?
    @Flag(help: "Only songs never played.") var neverPlayed = false
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    enum SongOrder: String, ExpressibleByArgument, CaseIterable { case lastPlayed = "last-played" }

    /// `songs --played --json`: a song record with what the log says of it.
    struct PlayedRecord: JSONWritable {
        var song: Song
        var timesPlayed: Int
        var lastPlayed: String?

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("lastPlayed", lastPlayed)
                writer.member("song", song)
                writer.member("timesPlayed", timesPlayed)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        if played || sort != nil || notPlayedSince != nil || neverPlayed { return try runPlayed(context) }
        let library = try libraryOptions.load(.songs, in: context)
        let numbered = library.numberedSongs(searching: search)
        if json { return context.printJSON(JSONFormat.songs(numbered.map(\.song))) }
        guard !numbered.isEmpty else {
            context.say(search == nil ? "No songs yet. Add one with `setlist add-song NAME`." : "No song matches '\(search!)'.")
            return
        }
        var table = Table([
            ("#", .right), ("Name", .text), ("Author", .text), ("Length", .right), ("Key", .left), ("BPM", .right), ("ID", .left),
        ])
        table.leftOutWhenNarrow = ["BPM", "Author"]
        for (position, song) in numbered {
            let f = song.fields
            table.add([
                "\(position)", f.name, f.author ?? "", Show.length(f.length), Show.key(f.key, library.notation), Show.bpm(f.bpm),
                Identifier.short(song.id),
            ])
        }
        context.say(table.render(for: context))
    }
}

extension SongsCommand {
    /// The list with the times played and the day last played.
    func runPlayed(_ context: CommandContext) throws {
        let since = try notPlayedSince.map { (text) throws(ValueError) -> String in
            guard let day = PlanStart.Day(parsing: Text.trimmedSpaces(text)) else {
                throw .invalidDate(field: "--not-played-since", text: text)
            }
            return day.description
        }
        let library = try libraryOptions.load(.songsAndGigs, in: context)
        let rows = library.playedSongs(
            PlayedSongsQuery(search: search, notPlayedSince: since, neverPlayed: neverPlayed, byLastPlayed: sort == .lastPlayed))
        if json {
            return context.printJSON(
                rows.map { PlayedRecord(song: $0.song, timesPlayed: $0.plays.count, lastPlayed: $0.plays.lastPlayed) })
        }
        guard !rows.isEmpty else {
            context.say(library.songs.isEmpty ? "No songs yet. Add one with `setlist add-song NAME`." : "No song matches.")
            return
        }
        var table = Table([
            ("#", .right), ("Name", .text), ("Author", .text), ("Length", .right), ("Played", .right), ("Last played", .left),
            ("ID", .left),
        ])
        table.leftOutWhenNarrow = ["ID", "Author"]
        for (position, song, plays) in rows {
            table.add([
                "\(position)", song.name, song.fields.author ?? "", Show.length(song.fields.length), "\(plays.count)",
                plays.lastPlayed ?? "never", Identifier.short(song.id),
            ])
        }
        context.say(table.render(for: context))
    }
}

struct SongCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "song",
        abstract: "Show one song's details and the playlists holding copies of it.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song: title or id.", completion: .songs) var song: String
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    struct Details: JSONWritable {
        struct Copy: JSONWritable {
            var playlist: String
            var playlistID: String
            var position: Int
            var differs: [SongField]

            func write(json writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("differs", differs)
                    writer.member("playlist", playlist)
                    writer.member("playlistID", playlistID)
                    writer.member("position", position)
                }
            }
        }
        struct Performance: JSONWritable {
            var gig: String
            var number: Int
            var date: String
            var playlist: String
            var venue: String?
            var position: Int

            func write(json writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("date", date)
                    writer.member("gig", gig)
                    writer.member("number", number)
                    writer.member("playlist", playlist)
                    writer.member("position", position)
                    writer.member("venue", venue)
                }
            }
        }
        var song: Song
        var copies: [Copy]
        var played: [Performance]

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("copies", copies)
                writer.member("played", played)
                writer.member("song", song)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        let library = try libraryOptions.load(LibraryScope.song(withCopiesOf: song).withGigs, in: context)
        let song = try library.song(matching: self.song)
        let copies = library.copies(of: song.id).flatMap { holder in
            holder.entries.map {
                Details.Copy(
                    playlist: holder.playlist.name, playlistID: holder.playlist.id, position: $0.position,
                    differs: (library.differences(of: $0.copy) ?? []).sorted())
            }
        }
        let performances = library.performances(of: song.id)
        let played = performances.map {
            Details.Performance(
                gig: $0.gig.id, number: $0.number, date: $0.gig.date, playlist: $0.gig.playlist, venue: $0.gig.venue, position: $0.position)
        }
        if json { return context.printJSON(Details(song: song, copies: copies, played: played)) }
        let f = song.fields
        var lines: [(String, String)] = [
            ("Name", f.name), ("Author", f.author ?? "—"), ("Length", f.length.map(SongLength.format) ?? "—"),
            ("Key", f.key?.spelled(in: library.notation) ?? "—"), ("BPM", f.bpm.map(String.init) ?? "—"),
            ("Chart", f.chart.map { "\(Show.count($0.lines.count, "line")) (`setlist chart`)" } ?? "none"), ("ID", song.id),
        ]
        if copies.isEmpty {
            lines.append(("Playlists", "none"))
        } else {
            for (index, copy) in copies.enumerated() {
                let differs = copy.differs.isEmpty ? "" : " (differs: \(copy.differs.map(\.rawValue).joined(separator: ", ")))"
                lines.append((index == 0 ? "Playlists" : "", "'\(copy.playlist)' #\(copy.position)\(differs)"))
            }
        }
        if performances.isEmpty {
            lines.append(("Played", "never"))
        } else {
            lines.append(("Played", "\(Show.count(performances.count, "time")), last on \(performances.last!.gig.date)"))
            for performance in performances.reversed() {
                lines.append(("", "\(Show.gig(performance.gig)) (gig \(performance.number), song \(performance.position))"))
            }
        }
        for (label, value) in lines {
            // The labels are ASCII and shorter than the column, so bytes count the padding
            // (Foundation's padding(toLength:) goes through NSString).
            let head = label.isEmpty ? "" : label + ":"
            context.say(head + String(repeating: " ", count: max(0, 11 - head.utf8.count)) + value)
        }
        if let notes = f.notes {
            context.say("Notes:")
            for line in notes.split(separator: "\n", omittingEmptySubsequences: false) { context.say("  " + line) }
        }
    }
}

struct EditSongCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-song",
        abstract: "Change a song: the original, or with --in its copy in one playlist.",
        discussion: """
            Without --in the original changes and its copies keep their values, unless \
            --everywhere carries the changed fields into every copy too.

            With --in PLAYLIST only that copy changes (e.g. another key for this concert), \
            unless --also-original carries the change to the original.

            An empty value clears a field: --key ""
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song: title or id (with --in, also its position in the playlist).", completion: .songs) var song: String
    @Option(help: "A new title.") var name: String?
    @OptionGroup var fields: SongFieldOptions
    @Option(help: ArgumentHelp("Change the copy in this playlist instead of the original.", valueName: "playlist"), completion: .playlists)
    var `in`: String?
    @Flag(help: "Carry the changed fields of the original into every copy of it.") var everywhere = false
    @Flag(help: "With --in: carry the change of the copy to the original too.") var alsoOriginal = false

    func validate() throws {
        if everywhere && `in` != nil { throw ValidationError("--everywhere changes the original; leave out --in, or use --also-original.") }
        if alsoOriginal && `in` == nil { throw ValidationError("--also-original goes with --in PLAYLIST.") }
    }

    func run(_ context: CommandContext) throws {
        let edit = try fields.edit(name: name, in: context)
        guard !edit.isEmpty else {
            throw ValidationError(
                "Say what to change: --name, \(SongFieldOptions.fieldOptions) (an empty value clears a field), --in PLAYLIST to change the copy there; e.g. `setlist edit-song \(SetlistBody.shellQuoted(song)) --key \"F minor\" --bpm 100`."
            )
        }
        if let playlist = `in` {
            let edited = try libraryOptions.modify(in: context) { library in
                var edit = edit
                edit.key = try fields.key(in: library.notation)
                return try library.editCopy(song, in: playlist, edit, alsoOriginal: alsoOriginal)
            }
            context.reportEdit(edited, changed: Self.list(edited.fields), asked: "the \(Self.list(edited.fields)) asked for")
        } else {
            let edited = try libraryOptions.modify(.song(withCopiesOf: song), in: context) { library in
                var edit = edit
                edit.key = try fields.key(in: library.notation)
                return try library.editSong(song, edit, everywhere: everywhere)
            }
            context.reportEdit(
                edited, changed: Self.list(edited.fields), asked: "the \(Self.list(edited.fields)) asked for", everywhere: everywhere,
                copiesKeep: "their values")
        }
    }

    private static func list(_ fields: [SongField]) -> String { Text.joined(fields.map { $0.rawValue }, separator: ", ") }
}

struct RemoveSongCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-song",
        abstract: "Delete songs from the repertoire; copies in playlists stay.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The songs: titles or ids.", completion: .songs) var songs: [String] = []
    @Flag(help: "Delete every song of the repertoire.") var all = false

    func validate() throws {
        if all == !songs.isEmpty { throw ValidationError("Name the songs to delete, or give --all.") }
    }

    func run(_ context: CommandContext) throws {
        let removed = try libraryOptions.modify(in: context) { library in all ? library.removeAllSongs() : try library.removeSongs(songs) }
        if all {
            context.say("Deleted all \(Show.count(removed.count, "song")); their copies stay in the playlists.")
        } else {
            for song in removed { context.say("Deleted \(song.fields.listing); its copies stay in the playlists.") }
        }
    }
}

struct MoveSongCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "move-song", abstract: "Move a song to another place in the song list.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song: title or id.", completion: .songs) var song: String
    @Option(help: ArgumentHelp("The new position (1 is first).", valueName: "n")) var to: Int

    func run(_ context: CommandContext) throws {
        let moved = try libraryOptions.modify(in: context) { library in try library.moveSong(self.song, to: to) }
        let listing = moved.song.fields.listing
        context.say(
            moved.changedNothing ? "Nothing changed: \(listing) is already at position \(to)." : "Moved \(listing) to position \(to).")
    }
}
