import SetlistModel
import SetlistStore

extension LibraryOptions {
    /// Notes `sent`, a setlist just exported as a `.plsts` document, as the base its members'
    /// replies are merged against (``Playlist/noteSent(_:)``), when it lacks one: made here, or
    /// songs added since. One small change of the playlist file (one step of undo); a later
    /// export of the same setlist changes nothing.
    ///
    /// Never fails the export, which is written by then: a library that cannot be changed now is
    /// said, and a reply then shows every difference as a conflict, as it did without a base.
    func noteSent(_ sent: Playlist, in context: CommandContext) {
        guard sent.lacksBase else { return }
        do {
            var run = ChangeRun()
            // Not long: an export must not hang on a change stopped in another terminal.
            try store(in: context).modify(.playlist(sent.id), command: context.commandLine, run: &run, lockTimeout: 1) { library in
                library.noteSent(sent)
            }
        } catch {
            context.note(
                "what was sent could not be noted in the library (\(error)); a member's reply to it will show every difference as a conflict."
            )
        }
    }
}

extension LibraryOptions {
    /// Notes that `revision` of `playlist` was shared with `addresses` (none for an export), so
    /// that the next share numbers its revision and tells each member what changed since theirs
    /// (``Library/noteShared(_:of:to:)``). Nothing is written when nothing is new. Never fails
    /// the share, which is sent by then: a library that cannot be changed now is said.
    func noteRevision(_ revision: Revision, of playlist: Playlist, to addresses: [String], in context: CommandContext) {
        var after = playlist
        after.noteShared(revision, to: addresses)
        guard after.revisions != playlist.revisions else { return }
        do {
            var run = ChangeRun()
            try store(in: context).modify(.playlist(playlist.id), command: context.commandLine, run: &run, lockTimeout: 1) { library in
                library.noteShared(revision, of: playlist.id, to: addresses)
            }
        } catch {
            context.note(
                "revision \(revision.number) could not be noted in the library (\(error)); the next share counts from the one before.")
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
