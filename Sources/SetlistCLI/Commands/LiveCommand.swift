import ArgumentParser
import SetlistLive
import SetlistModel
import SetlistTerminal

/// `setlist live`: stage mode, one song at a time on the whole terminal.
struct LiveCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Step through a setlist on stage, one song at a time on the whole terminal.",
        discussion: """
            Shows "3/15", the set, the title in big letters, author, length, key, tempo and the \
            copy's notes, then the next song (or break) and the set's planned time played and to go. \
            With a plan (`setlist plan`), also when the song should start and how far the band \
            is ahead of the plan or behind it, by the clock.

            Keys: → space n j Enter next · ← p k previous · Home g first · End G last ·
                  ↓ ↑ scroll long notes a line, Page Down / Page Up a page (past the end of
                  the notes they go on to the next or previous song, so a page-turner pedal
                  reads straight through) · a number then Enter jumps to that song ·
                  q quits (Esc does not: it is too easily hit by accident on stage).

            Changes made to the playlist meanwhile (in another terminal, by a sync tool or \
            git) show on the next key press, or within a second, on the same song; when that \
            song was removed, on the one after it.

            Colour is left out with NO_COLOR set or a monochrome TERM. Needs a terminal that \
            places the cursor (not TERM=dumb); for scripts use `setlist show PLAYLIST --at N`.
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp("Start at the song at this position (default: 1).", valueName: "n")) var at: Int?

    func run(_ context: CommandContext) throws {
        let library = try libraryOptions.load(.playlist(playlist, originals: false), in: context)
        let playlist = try library.playlist(matching: self.playlist)
        guard !playlist.copies.isEmpty else { throw LiveError.emptyPlaylist(playlist.name) }
        let start = try at.map { (n) throws(LibraryError) in try Library.position(of: String(n), in: playlist) } ?? 1
        guard context.isInteractive else { throw LiveError.notATerminal }
        // Refused before the terminal is taken over: a dumb one would show the escape codes.
        if context.environment["TERM"] == "dumb" { throw LiveError.dumbTerminal(playlist: playlist.name) }
        let terminal = try Terminal()
        defer { terminal.restore() }
        let watch = PlaylistWatch(store: libraryOptions.store(in: context), playlist: playlist, notation: library.notation)
        try LiveSession.run(
            playlist: playlist, startingAt: start, appearance: Appearance(environment: context.environment),
            notation: library.notation, on: terminal, watch: watch, zone: PlanZone.local(environment: context.environment))
        terminal.restore()
        // Stopped by a signal: exit as shells expect (130 for SIGINT, 143 for SIGTERM).
        if let signal = terminal.stopSignal { throw ExitCode(128 + signal) }
    }
}
