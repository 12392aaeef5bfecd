import SetlistModel

/// The words of an edit's report, which `edit-song` and `chart` both print.
extension CommandContext {
    /// What a change to a copy did: `changed` names what changed ("key, bpm", "the chart"),
    /// `asked` what was asked for, for when nothing changed.
    func reportEdit(_ edited: CopyEdited, action: String = "Changed", changed: String, asked: String) {
        guard !edited.changedNothing else {
            return say("Nothing changed: song \(edited.position) in '\(edited.playlist)' already has \(asked).")
        }
        say(
            "\(action) \(changed) of song \(edited.position) in '\(edited.playlist)'"
                + (edited.originalChanged ? " and of its original." : "; the original is unchanged."))
        if edited.originalMissing { note("the original of this copy was deleted, so only the copy changed.") }
    }

    /// What a change to an original did, and to its copies with `everywhere`; `copiesKeep` says
    /// what copies left alone keep ("their values").
    func reportEdit(
        _ edited: SongEdited, action: String = "Changed", changed: String, asked: String, everywhere: Bool, copiesKeep: String
    ) {
        guard !edited.changedNothing else { return say("Nothing changed: \(edited.song.fields.listing) already has \(asked).") }
        var message = "\(action) \(changed) of \(edited.song.fields.listing)"
        if everywhere {
            message += " and of \(Show.count(edited.copiesChanged, "copy", plural: "copies"))."
        } else if edited.playlistsKeeping > 0 {
            message +=
                "; its copies in \(Show.count(edited.playlistsKeeping, "playlist")) keep \(copiesKeep) (--everywhere changes them too)."
        } else {
            message += "."
        }
        say(message)
    }
}
