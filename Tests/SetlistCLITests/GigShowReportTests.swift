import CLITestSupport
import Foundation
import SetlistModel
import SetlistStageMode
import SetlistStore
import Testing

@testable import SetlistCLI

/// Stage mode's gig log against a real library, as `setlist live` saves it (one locked change per
/// song, one step of undo per show), with undo, redo and `gig --remove` run meanwhile as in another
/// terminal; and what `live` says of the log after the show.
@Suite struct GigShowReportTests {
    /// 2026-03-14 20:00:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_773_518_400)
    let utc = TimeZone(identifier: "UTC")!

    /// A recorder of the show of "Koncert" in `lib`, saving as `live` does; `failing` makes a save
    /// fail as a full disk would.
    func recorder(_ lib: TemporaryLibrary, failing: @escaping () -> Bool = { false }) throws -> (GigRecorder, Playlist) {
        let store = LibraryStore(root: lib.root)
        let playlist = try store.load().playlist(matching: "Koncert")
        var run = ChangeRun()
        let recorder = GigRecorder(playlist: playlist, venue: "Lucerna", zone: utc) { change in
            if failing() { throw LibraryError.fileSystem(path: lib.root.path + "/gigs", detail: "No space left on device.") }
            return try store.modify(.gigs, command: "setlist live Koncert", run: &run, lockTimeout: 1, change)
        }
        return (recorder, playlist)
    }

    /// What `live` prints after the show: (standard output, standard error).
    func report(_ recorder: GigRecorder, _ playlist: Playlist, _ lib: TemporaryLibrary) -> (String, String) {
        let context = lib.context()
        GigShowReport(recorder: recorder, playlist: playlist, zone: utc, library: nil).say(in: context)
        return (context.output.text, context.errorOutput.text)
    }

    func names(_ lib: TemporaryLibrary) throws -> [String] {
        let gig = try lib.json("gig", "--json")["gig"] as? [String: Any]
        return (gig?["songs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// `setlist undo` in another terminal during the show takes the gig out; the next song does
    /// not bring it back nor forget the undone change, so `redo` still can; after the redo the
    /// songs played meanwhile are logged into it.
    @Test func aGigUndoneDuringTheShowStaysUndoneAndRedoStillWorks() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let (recorder, playlist) = try recorder(lib)
        let copies = playlist.copies
        recorder.show(copies[0], at: Self.start)
        recorder.show(copies[1], at: Self.start + 100)
        #expect(try names(lib) == ["Highway to Hell"])
        try lib.ok("undo")
        recorder.show(copies[2], at: Self.start + 200)
        #expect(try lib.ok("gigs").contains("No gigs logged yet"), "the next song does not put the undone gig back")
        #expect(try lib.ok("undo", "--list").contains("setlist live Koncert"), "the undone change can still be redone")
        #expect(recorder.problem == "The gig was removed from the log elsewhere: this show is no longer logged.")
        try lib.ok("redo")
        recorder.show(copies[3], at: Self.start + 300)
        recorder.finish(at: Self.start + 400)
        #expect(try names(lib) == ["Highway to Hell", "Stairway to Heaven", "Příběh", "Under the Bridge"])
        let (output, errors) = report(recorder, playlist, lib)
        #expect(output.hasPrefix("Recorded 4 songs played at the gig of 2026-03-14 'Koncert' at Lucerna, "), "\(output)")
        #expect(errors.isEmpty)
    }

    /// `gig --remove` during the show: the gig stays removed, and the report says so, names the
    /// songs played and the command that would log them.
    @Test func aGigRemovedDuringTheShowIsNotPutBackAndTheReportSaysSo() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let (recorder, playlist) = try recorder(lib)
        recorder.show(playlist.copies[0], at: Self.start)
        recorder.show(playlist.copies[2], at: Self.start + 100)
        try lib.ok("gig", "1", "--remove")
        recorder.finish(at: Self.start + 200)
        #expect(try lib.ok("gigs").contains("No gigs logged yet"))
        let (output, errors) = report(recorder, playlist, lib)
        #expect(output.isEmpty)
        #expect(
            errors
                == "setlist: the gig of 2026-03-14 'Koncert' at Lucerna was removed from the log elsewhere during the show (`setlist gig --remove` or `setlist undo`), so it was not put back. This show played 1. Highway to Hell, 2. Příběh. To log them: `setlist gig --add Koncert --date \"2026-03-14 20:00\" --venue Lucerna --played 1,3`\n"
        )
    }

    /// A full disk from the second song on: the report says exactly what the log holds and what
    /// it does not, and the command it prints adds the missing songs.
    @Test func aFullDiskIsReportedExactlyWithTheCommandThatAddsTheRest() throws {
        let lib = try TemporaryLibrary.stageConcert()
        var full = false
        let (recorder, playlist) = try recorder(lib, failing: { full })
        let copies = playlist.copies
        recorder.show(copies[0], at: Self.start)
        recorder.show(copies[1], at: Self.start + 100)
        full = true
        recorder.show(copies[3], at: Self.start + 200)
        recorder.finish(at: Self.start + 300)
        #expect(try names(lib) == ["Highway to Hell"])
        let (output, errors) = report(recorder, playlist, lib)
        #expect(output.isEmpty, "no \"Recorded 3 songs\"")
        let id = Identifier.short(recorder.gig.id)
        #expect(errors.hasPrefix("setlist: error: the gig log could not be saved: "), "\(errors)")
        #expect(
            errors.hasSuffix(
                "setlist: the log holds gig 1 of `setlist gigs`, 2026-03-14 'Koncert' at Lucerna, with 1 song; not in it: 1. Stairway to Heaven, 2. Under the Bridge. Once the library can be changed, add them: `setlist gig \(id) --played 2,4`\n"
            ), "\(errors)")
        try lib.ok("gig", id, "--played", "2,4")
        #expect(try names(lib) == ["Highway to Hell", "Stairway to Heaven", "Under the Bridge"])
    }

    /// Nothing saved at all (the first save failed too): the command logs the gig anew, with its
    /// day, time, venue and the songs played.
    @Test func nothingSavedGivesTheCommandThatLogsTheGig() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let (recorder, playlist) = try recorder(lib, failing: { true })
        recorder.show(playlist.copies[1], at: Self.start + 60)
        recorder.show(playlist.copies[3], at: Self.start + 200)
        recorder.finish(at: Self.start + 300)
        let (_, errors) = report(recorder, playlist, lib)
        #expect(
            errors.hasSuffix(
                "setlist: the log holds nothing of this show; the songs played were 1. Stairway to Heaven, 2. Under the Bridge. Once the library can be changed, log them: `setlist gig --add Koncert --date \"2026-03-14 20:01\" --venue Lucerna --played 2,4`\n"
            ), "\(errors)")
        try lib.ok(
            "gig", "--add", "Koncert", "--date", "2026-03-14 20:01", "--venue", "Lucerna", "--played", "2,4", environment: ["TZ": "UTC"])
        #expect(try names(lib) == ["Stairway to Heaven", "Under the Bridge"])
    }

    @Test func playedNamesSongsOfTheGigsSetlist() throws {
        let lib = try TemporaryLibrary.stageConcert()
        try lib.ok("gig", "--add", "Koncert", "--date", "2026-03-14", "--played", "Příběh, 1")
        #expect(try names(lib) == ["Příběh", "Highway to Hell"])
        #expect(try lib.ok("gig", "1", "--played", "4") == "Gig 1: 2026-03-14 'Koncert' now has 3 songs.\n")
        let wrong = try lib.run("gig", "1", "--played", "9")
        #expect(wrong.status == 1 && wrong.stderr.contains("9"), "\(wrong.stderr)")
        #expect(try lib.run("gig", "1", "--played", "4", "--report").status == 64)
        for empty in ["", " , "] {
            let nothing = try lib.run("gig", "--add", "Koncert", "--date", "2026-03-14", "--played", empty)
            #expect(nothing.status == 64 && nothing.stderr.contains("--played needs songs"), "\(nothing.stderr)")
        }
        #expect(try lib.run("gig", "1", "--played", ",").status == 64)
    }
}
