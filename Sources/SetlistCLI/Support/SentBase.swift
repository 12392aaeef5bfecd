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
