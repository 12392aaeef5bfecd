import Foundation
import SetlistModel
import SetlistStore
import SetlistTerminal

/// One show of stage mode on a setlist of a library: what is said before it, the watch that
/// follows edits made elsewhere, the gig log it saves through the library's store, and the mark
/// that tells a second stage mode on the same setlist that this one runs.
public final class StageShow {
    /// The setlist as it stands after the show (followed in the library while it ran).
    public var playlist: Playlist { watch.playlist }
    public let recorder: GigRecorder
    /// What to say before the show takes the terminal (standard error is hidden under it).
    public let notes: [String]
    /// Where the band was when this show goes on with a gig logged within the hour (a restart
    /// after a crash or a q pressed by mistake): the position of the last song logged, when the
    /// setlist still holds it; nil otherwise.
    public let resumePosition: Int?

    private let startPlaylist: Playlist
    private let notation: KeyNotation
    private let zone: TimeZone
    private let watch: PlaylistWatch
    private let mark: StageModeMark?
    /// The notes, said on the stage screen's status line until the first key.
    private let remark: String?
    private let saving: Saving
    private var ended = false

    /// The show of `playlist` of `library` (loaded with its gigs) from `store`, at `venue`, started
    /// at `now` by `command`. `stateFolder` holds the marks of running stage modes (none: not told).
    public init(
        playlist: Playlist, of library: Library, store: LibraryStore, venue: String?, zone: TimeZone, stateFolder: URL?,
        command: String, now: Date
    ) {
        (startPlaylist, notation, self.zone) = (playlist, library.notation, zone)
        watch = PlaylistWatch(store: store, playlist: playlist, notation: library.notation)
        let problem = store.changeProblem()
        // A second stage mode on this setlist logs into the same gig: said, so that the one left
        // running (a hidden terminal, a detached tmux) is quit.
        mark = stateFolder.map { StageModeMark(folder: $0, library: store.root.path, playlistID: playlist.id) }
        let other = mark?.others().first
        notes = [
            problem.map {
                "the gig will not be logged, the library cannot be changed: \($0) The show runs; at the end the songs played are named."
            },
            other.map {
                "stage mode is running on '\(playlist.name)' elsewhere too (process \($0)); both log the songs they show into the same gig. Quit the one you do not use."
            },
        ].compactMap { $0 }
        let remarks = [
            problem.map { _ in "The gig will not be logged: the library cannot be changed (see after the show)." },
            other.map { "Stage mode runs on this setlist elsewhere too (process \($0)): both log into one gig." },
        ].compactMap { $0 }
        remark = remarks.isEmpty ? nil : remarks.joined(separator: " ")
        let saving = Saving(store: store, command: command)
        self.saving = saving
        let earlier = GigRecorder.gigToContinue(in: library.gigs, playlist: playlist, venue: venue, at: now)
        recorder = GigRecorder(playlist: playlist, venue: venue, continuing: earlier, zone: zone, save: saving.save)
        resumePosition = earlier.flatMap { Self.lastPosition(of: $0, in: playlist) }
    }

    /// Runs the show on `terminal` from `position` (nil: where the band was, ``resumePosition``,
    /// said on the status line; else the first song), leading the band on `band` when one
    /// follows; returns the position shown last.
    @discardableResult
    public func play(startingAt position: Int?, appearance: Appearance, on terminal: some StageTerminal, band: BandPageLink?) throws
        -> Int
    {
        let resumed = position == nil ? resumePosition : nil
        let said = resumed.map {
            "Going on where the band was: song \($0), the last one the gig log has from the hour before (--at N starts elsewhere)."
        }
        let remarks = [said, remark].compactMap { $0 }
        return try StageMode.run(
            playlist: startPlaylist, startingAt: position ?? resumed ?? 1, appearance: appearance, notation: notation, on: terminal,
            watch: watch, zone: zone, band: band, recorder: recorder, remark: remarks.isEmpty ? nil : remarks.joined(separator: " "))
    }

    /// The position in `playlist` of the last song `gig` logged from it.
    static func lastPosition(of gig: Gig, in playlist: Playlist) -> Int? {
        guard let copy = gig.songs.last?.copy, let index = playlist.copies.firstIndex(where: { $0.id == copy }) else { return nil }
        return index + 1
    }

    /// After the show: the mark goes, and what the log still lacks is saved once more, waiting
    /// longer for the library's lock.
    public func end() {
        guard !ended else { return }
        ended = true
        mark?.remove()
        saving.lockTimeout = 10
        recorder.retry()
    }

    /// The gig log's saves: locked, atomic changes of the store, one step of undo for the show.
    private final class Saving {
        let store: LibraryStore
        let command: String
        var run = ChangeRun()
        /// Never long during the show: a stage screen waiting on another program's lock would
        /// freeze; the next song saves again.
        var lockTimeout = 1.0

        init(store: LibraryStore, command: String) { (self.store, self.command) = (store, command) }

        func save(_ change: (inout Library) -> GigShowLogged) throws -> GigShowLogged {
            try store.modify(.gigs, command: command, run: &run, lockTimeout: lockTimeout, change)
        }
    }
}
