import ArgumentParser
import SetlistModel

/// The root command: `setlist` and its subcommands.
struct SetlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setlist",
        abstract: "Keep your band's songs, build setlists from copies of them, print and share them.",
        discussion: """
            Songs are named by title (case and accents don't matter), by the start of their id, \
            and inside a playlist by position. Commands that work on a playlist use the current \
            one (the last created, or chosen with `setlist use`) when none is named.

            Adding a song to a playlist copies it: a change to the copy leaves the original as \
            it was (the examples below play Highway to Hell slower in one setlist only).

            Examples:
              setlist add-song "Highway to Hell" --author AC/DC --length 2:20 --key Cm
              setlist add-song "Stairway to Heaven" --author "Led Zeppelin" --key D
              setlist edit-song "Stairway to Heaven" --length 1:30 --bpm 250
              setlist edit-song "Highway to Hell" --notes "Angus counts in"
              setlist new "Můj koncert" "Highway to Hell" "Stairway to Heaven"
              setlist move 1 2
              setlist edit-song "Highway to Hell" --in "Můj koncert" --bpm 100 --key Fm
              setlist new "Nový koncert" --new-song "Red Hot Chili Peppers"
              setlist add --all
              setlist live
              setlist share --to mail@mail.com --eml message.eml
              setlist undo

            Exit status: 0 on success, 1 when an operation failed, 64 on a usage error, and 74 \
            when a change was saved but its report could not be written (a full disk, a closed \
            pipe): do not run that command again.
            """,
        version: SetlistVersion.current,
        groupedSubcommands: [
            CommandGroup(
                name: "Songs (the repertoire)",
                subcommands: [
                    AddSongCommand.self, SongsCommand.self, SongCommand.self, EditSongCommand.self, ChartCommand.self,
                    RemoveSongCommand.self, MoveSongCommand.self, ImportSongsCommand.self, ExportSongsCommand.self,
                ]),
            CommandGroup(
                name: "Playlists (setlists of copied songs)",
                subcommands: [
                    NewCommand.self, PlaylistsCommand.self, ShowCommand.self, UseCommand.self, AddCommand.self,
                    RemoveCommand.self, MoveCommand.self, TransposeCommand.self, PlanCommand.self, BreakCommand.self,
                    RemoveBreakCommand.self,
                    RenameCommand.self, DuplicateCommand.self, DeleteCommand.self, MovePlaylistCommand.self,
                ]),
            CommandGroup(name: "Sharing (.plsts setlist files)", subcommands: [ExportCommand.self, ImportCommand.self, ShareCommand.self]),
            CommandGroup(name: "Print", subcommands: [PDFCommand.self]),
            CommandGroup(name: "On stage", subcommands: [LiveCommand.self]),
            CommandGroup(name: "Gigs played (the gig log)", subcommands: [GigsCommand.self, GigCommand.self]),
            CommandGroup(
                name: "Contacts",
                subcommands: [
                    AddContactCommand.self, ContactsCommand.self, EditContactCommand.self, RemoveContactCommand.self,
                ]),
            CommandGroup(
                name: "The library (check, repair, undo, redo)", subcommands: [CheckCommand.self, UndoCommand.self, RedoCommand.self]),
            CommandGroup(
                name: "Git (a library the band shares)", subcommands: [GitSetupCommand.self, MergeFileCommand.self, ResolveCommand.self]),
            CommandGroup(name: "Settings", subcommands: [ConfigCommand.self, VersionCommand.self]),
        ]
    )
}
