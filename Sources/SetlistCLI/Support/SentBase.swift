import SetlistModel
import SetlistStore

extension LibraryOptions {
    /// Notes, in one change (one step of undo), what sharing or exporting `playlist` leaves in the
    /// library: with `asBase`, the document sent as the base of the members' replies
    /// (when it lacks one: made here, or songs added since, ``Playlist/noteSent(_:)``), and that `revision` went to `addresses` (none for an export),
    /// so that the next share numbers its revision and tells each member what changed since theirs
    /// (``Library/noteShared(_:of:to:)``). Nothing is written when nothing is new. Never fails
    /// the share or export, done by then: a library that cannot be changed now is said.
    func noteShared(_ playlist: Playlist, revision: Revision, to addresses: [String], asBase: Bool, in context: CommandContext) {
        let base = asBase && playlist.lacksBase
        var after = playlist
        after.noteShared(revision, to: addresses)
        let newRevision = after.revisions != playlist.revisions
        guard base || newRevision else { return }
        do {
            var run = ChangeRun()
            // Not long: a share must not hang on a change stopped in another terminal.
            try store(in: context).modify(.playlist(playlist.id), command: context.commandLine, run: &run, lockTimeout: 1) { library in
                if base { library.noteSent(playlist) }
                if newRevision { library.noteShared(revision, of: playlist.id, to: addresses) }
            }
        } catch {
            if base {
                context.note(
                    "what was sent could not be noted in the library (\(error)); a member's reply to it will show every difference as a conflict."
                )
            }
            if newRevision {
                context.note(
                    "revision \(revision.number) could not be noted in the library (\(error)); the next share counts from the one before.")
            }
        }
    }
}

extension Playlist {
    /// The revision the playlist has today in the reader's zone (``revision(on:)``).
    func revisionToday(in context: CommandContext) -> Revision {
        revision(
            on: Revision.day(of: DocumentDate.now(environment: context.environment), in: PlanZone.local(environment: context.environment)))
    }
}
