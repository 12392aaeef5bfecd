import Foundation
import SetlistModel
import SetlistStageMode
import SetlistSupport

/// What `setlist live` says of the gig log after the show: what the log holds, and when it lacks
/// songs this show played (a save failed, or the gig was removed elsewhere), which ones and the
/// command that logs them.
struct GigShowReport {
    var recorder: GigRecorder
    /// The setlist as it stands after the show: the songs are named by their positions in it.
    var playlist: Playlist
    var zone: TimeZone
    /// The `--library` the command was given, for the command it prints.
    var library: String?

    func say(in context: CommandContext) {
        let gig = recorder.gig, unlogged = recorder.unlogged
        if let failure = recorder.failure { context.note("error: the gig log could not be saved: \(failure)") }
        if recorder.removed {
            context.note(
                "the gig of \(Show.gig(gig)) was removed from the log elsewhere during the show (`setlist gig --remove` or `setlist undo`), so it was not put back. This show played \(list(unlogged)). To log them: \(command(adding: unlogged))"
            )
            return
        }
        if !unlogged.isEmpty {
            guard recorder.inLog else {
                context.note(
                    "the log holds nothing of this show; the songs played were \(list(unlogged)). Once the library can be changed, log them: \(command(adding: unlogged))"
                )
                return
            }
            let number = recorder.number.map { "gig \($0) of `setlist gigs`, " } ?? ""
            context.note(
                "the log holds \(number)\(Show.gig(gig)), with \(Show.count(gig.songs.count, "song")); not in it: \(list(unlogged)). Once the library can be changed, add them: \(command(adding: unlogged))"
            )
            return
        }
        guard !gig.songs.isEmpty, let number = recorder.number else {
            context.say(
                recorder.continues
                    ? "No song was on for a minute; the gig of \(Show.gig(gig)) stays as it was logged."
                    : "No song was on for a minute; no gig was logged.")
            return
        }
        let length = gig.length.map { ", \(SongLength.format($0))" } ?? ""
        // Said, so that a second show of the evening is not taken for a new gig unawares.
        let continued =
            recorder.continues
            ? "Stage mode started again within an hour of this setlist's last song: the show went on in the same gig. " : ""
        context.say(
            continued
                + "Recorded \(Show.count(gig.songs.count, "song")) played at the gig of \(Show.gig(gig))\(length): gig \(number) of `setlist gigs`."
        )
    }

    /// "1. Highway to Hell, 2. Příběh".
    private func list(_ songs: [PlayedSong]) -> String {
        songs.enumerated().map { "\($0.offset + 1). \(ControlCharacters.printable($0.element.name))" }.joined(separator: ", ")
    }

    /// The command that logs `songs`: into the gig when the log holds it, else as a new gig. Songs
    /// no longer in the setlist are named apart: they cannot be named by position.
    private func command(adding songs: [PlayedSong]) -> String {
        let positions = songs.compactMap { song in playlist.copies.firstIndex { $0.id == song.copy }.map { String($0 + 1) } }
        let gone = songs.filter { song in !playlist.copies.contains { $0.id == song.copy } }
        var words = ["setlist"] + (library.map { ["--library", ShellWord.asNeeded($0)] } ?? []) + ["gig"]
        let gig = recorder.gig
        if recorder.inLog && !recorder.removed {
            words.append(Identifier.short(gig.id))
        } else {
            let date = gig.started.flatMap(DateText.date(fromISO8601:)).map { String(DateText.local($0, timeZone: zone).prefix(16)) }
            words += ["--add", ShellWord.asNeeded(playlist.name), "--date", ShellWord.asNeeded(date ?? gig.date)]
            if let venue = gig.venue { words += ["--venue", ShellWord.asNeeded(venue)] }
        }
        words += ["--played", positions.joined(separator: ",")]
        let missing =
            gone.isEmpty ? "" : " (\(gone.map { ControlCharacters.printable($0.name) }.joined(separator: ", ")) no longer in the setlist)"
        return "`" + words.joined(separator: " ") + "`" + missing
    }
}
