import ArgumentParser
import Foundation
import SetlistBandPage
import SetlistModel
import SetlistStageMode
import SetlistStore
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
                  reads straight through) · a number then Enter jumps to that song (every
                  move shows the song from its top) · c counts the song in (one bar at its
                  tempo, the beats on the status line and on every phone) ·
                  q quits (Esc does not: it is too easily hit by accident on stage).

            Changes made to the playlist meanwhile (in another terminal, by a sync tool or \
            git) show on the next key press, or within a second, on the same song; when that \
            song was removed, on the one after it.

            With --serve, the band follows on their phones: the laptop serves a page on the \
            local network (no app, no account, no internet) and shows its address and a QR \
            code. Every phone's browser shows the song the band is on, the next one and the \
            whole setlist, with its own text size, colours, transpose and part (concert, Bb, \
            Eb, F, capo N, lyrics or numbers, as `add-contact --part` names them); a \
            page-turner pedal (arrow keys, Page Up/Down, space) scrolls that phone's chart a \
            screen at a time. The address screen shows first; any key starts the show (and \
            does nothing else).

            Keys with --serve:
                  m a message to every phone (Enter sends, Esc cancels; it shows until
                  the next song) · l look ahead without moving the band · b send the
                  band to the song shown · w the address again.

            The page is read-only and needs the address's secret part; a stranger on the \
            Wi-Fi without it cannot keep the phones out. It is served on this \
            computer's network addresses and 127.0.0.1 at port 8765; --bind and --port \
            choose others. Started again within 12 hours, it keeps its address, so the \
            phones find it again by themselves.

            The gig is logged as it is played (`setlist gigs`): a song counts once it was on \
            for a minute (with --serve, the song the band was on), with when it came on and how \
            long it was on; a song stepped past sooner is not logged. The log is saved after \
            each song, so a crash loses at most the song that was on; each save adds this \
            show's songs to the gig as the log holds it then (a second stage mode on the \
            setlist, which is told that one runs, loses nothing; a gig removed or undone \
            elsewhere stays so). A save that fails is said on the status line and made again \
            with the next song; after the show, setlist says what the log lacks and the \
            `setlist gig ... --played ...` command that adds it. --venue says where. \
            Started again on the same setlist within an hour of the last song logged (after \
            a crash, or for the second set), the show goes on in the same gig, from the last \
            song logged (the status line says so; --at starts elsewhere), so the phones stay \
            where the band was.

            Colour is left out with NO_COLOR set or a monochrome TERM. Needs a terminal that \
            places the cursor (not TERM=dumb); for scripts use `setlist show PLAYLIST --at N`.

            Examples:
              setlist live
              setlist live Koncert --at 5
              setlist live --serve
              setlist live --serve --port 9000 --bind 192.168.1.20
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp("Start at the song at this position (default: 1).", valueName: "n")) var at: Int?
    @Flag(help: "Serve a page the band's phones follow on the local network.") var serve = false
    @Option(help: ArgumentHelp("Where the gig is played, for the gig log.", valueName: "venue")) var venue: String?
    @Option(help: ArgumentHelp("The port to serve on (with --serve; default: 8765; 0 picks a free one).", valueName: "n"))
    var port: Int?
    @Option(
        help: ArgumentHelp(
            "Serve on this address only (with --serve; repeat for more; 0.0.0.0 or :: serves on all and shows the network's).",
            valueName: "address"))
    var bind: [String] = []

    func validate() throws {
        if let venue { _ = try Text.cleanName(venue, field: "venue") }
        if !serve && (port != nil || !bind.isEmpty) {
            throw ValidationError("--port and --bind go with --serve, like `setlist live --serve --port 9000`.")
        }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port takes a port from 1 to 65535 (0 picks a free one).") }
    }

    func run(_ context: CommandContext) throws {
        // With the gig log: a show restarted soon after its last song goes on in the same gig.
        let library = try libraryOptions.load(.playlist(playlist, originals: false).withGigs, in: context)
        let playlist = try library.playlist(matching: self.playlist)
        guard !playlist.copies.isEmpty else { throw StageModeError.emptyPlaylist(playlist.name) }
        let start = try at.map { (n) throws(LibraryError) in try Library.position(of: String(n), in: playlist) }
        guard context.isInteractive else { throw StageModeError.notATerminal }
        // Refused before the terminal is taken over: a dumb one would show the escape codes.
        if context.environment["TERM"] == "dumb" { throw StageModeError.dumbTerminal(playlist: playlist.name) }
        let appearance = Appearance(environment: context.environment), zone = PlanZone.local(environment: context.environment)
        let store = libraryOptions.store(in: context)
        // Served before the terminal is taken, so that a port in use is a plain error message.
        let band =
            try serve
            ? BandPage(port: port, bind: bind, token: bandPageToken(for: store, context), appearance: appearance, zone: zone) : nil
        defer { band?.stop() }
        let show = StageShow(
            playlist: playlist, of: library, store: store, venue: venue, zone: zone,
            stateFolder: LibraryLocation.stateFolder(environment: context.environment), command: context.commandLine, now: Date())
        // Before the gig, not found on stage: charts that no key moves.
        for note in playlist.unmovedChartNotes(notation: library.notation) { context.note(note) }
        for note in show.notes { context.note(note) }
        let terminal = try Terminal()
        defer { terminal.restore() }
        try show.play(startingAt: start, appearance: appearance, on: terminal, band: band?.link)
        band?.stop()
        terminal.restore()
        show.end()
        GigShowReport(recorder: show.recorder, playlist: show.playlist, zone: zone, library: libraryOptions.library).say(in: context)
        // Stopped by a signal: exit as shells expect (130 for SIGINT, 143 for SIGTERM).
        if let signal = terminal.stopSignal { throw ExitCode(128 + signal) }
        // The show went on, but its log could not be saved: a failed operation for scripts too.
        // (A gig removed elsewhere on purpose is no failure.)
        if show.recorder.failure != nil { throw ExitCode.failure }
    }

    /// The secret of the band's address: the one of the last run on this computer when it was
    /// recent, so that phones find a restarted stage mode by themselves (``BandPageToken``).
    private func bandPageToken(for store: LibraryStore, _ context: CommandContext) -> String {
        guard let folder = LibraryLocation.stateFolder(environment: context.environment) else { return BandPageServer.newToken() }
        return BandPageToken(folder: folder).token(forLibrary: store.root.path, now: Date()).token
    }

}
