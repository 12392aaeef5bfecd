import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// A library the band keeps in git, merged by the real git through `setlist merge-file` (the
/// driver `setlist git-setup` installs), so git runs the real binary.
@Suite(.tags(.endToEnd, .externalTools), .needs("git")) struct GitMergeTests {
    /// Two clones of one library: "leader" (the origin) and "member".
    struct Band {
        let leader = try! TemporaryLibrary()
        let member = try! TemporaryLibrary()

        init() throws {
            try leader.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "Cm")
            try leader.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--key", "D")
            try leader.ok("add-song", "Under the Bridge", "--author", "RHCP")
            try leader.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven", "Under the Bridge")
            try leader.ok("add-contact", "Pepa Kytara", "pepa@example.com")
            try git(leader.root, "init", "-q", "-b", "main")
            try leader.ok("git-setup")
            try git(leader.root, "add", "-A")
            try git(leader.root, "commit", "-q", "-m", "The band's library")
            try git(leader.folder, "clone", "-q", leader.root.path, member.root.path)
            try member.ok("git-setup")
        }

        /// Commits everything in `lib`.
        func commit(_ lib: TemporaryLibrary, _ message: String) throws {
            try git(lib.root, "add", "-A")
            try git(lib.root, "commit", "-q", "-m", message)
        }

        /// Fetches the other clone's `main` into `lib` as `incoming`.
        func fetch(_ lib: TemporaryLibrary, from other: TemporaryLibrary) throws {
            try git(lib.root, "fetch", "-q", other.root.path, "+main:incoming")
        }

        /// Merges the fetched branch; git's status and output.
        func merge(_ lib: TemporaryLibrary) throws -> (status: Int32, output: String) {
            try gitStatus(lib.root, "merge", "--no-edit", "incoming")
        }

        /// Runs `leaderChange` in the leader's clone and `memberChange` in the member's, commits
        /// each, and has the member merge the leader's commit, which git finds in conflict; git's
        /// output.
        func mergeInConflict(leader leaderChange: [String], member memberChange: [String]) throws -> String {
            for (lib, change, name) in [(leader, leaderChange, "leader"), (member, memberChange, "member")] {
                let done = try lib.run(change)
                #expect(done.status == 0, "\(done.stderr)")
                try commit(lib, name)
            }
            try fetch(member, from: leader)
            let merge = try merge(member)
            #expect(merge.status != 0 && merge.output.contains("CONFLICT"), "\(merge.output)")
            return merge.output
        }

        /// Settles the member's conflicts with `side`, commits the merge, and expects a clean work
        /// tree and a sound library.
        func resolveAndCommit(_ side: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let resolve = try member.ok("resolve", side)
            #expect(resolve.contains("Staged for git:"), "\(resolve)", sourceLocation: sourceLocation)
            try git(member.root, "commit", "-q", "--no-edit")
            #expect(try gitStatus(member.root, "status", "--porcelain").output.isEmpty, sourceLocation: sourceLocation)
            #expect(try member.runBinary("check").status == 0, sourceLocation: sourceLocation)
        }

        /// Commits what each did, and has each merge the other's commit as it was before either
        /// merge, expecting no conflict.
        func mergeBothWays(sourceLocation: SourceLocation = #_sourceLocation) throws {
            try commit(leader, "leader")
            try commit(member, "member")
            try fetch(leader, from: member)
            try fetch(member, from: leader)
            for lib in [leader, member] {
                let merge = try merge(lib)
                #expect(merge.status == 0, "\(merge.output)", sourceLocation: sourceLocation)
                #expect(!merge.output.contains("CONFLICT"), sourceLocation: sourceLocation)
            }
        }
    }

    /// Each member logs gigs of their own (one file per gig), and one of them also the same
    /// gig's venue: both logs merge both ways without a conflict, and the statistics count both.
    @Test func twoMembersGigLogsMergeWithoutConflict() throws {
        let band = try Band()
        let (leader, member) = (band.leader, band.member)
        try leader.ok("gig", "--add", "Koncert", "--date", "2026-03-14", "--venue", "Lucerna")
        try band.commit(leader, "leader's first gig")
        try band.fetch(member, from: leader)
        #expect(try band.merge(member).status == 0)
        try leader.ok("gig", "--add", "Koncert", "--date", "2026-04-01")
        try member.ok("gig", "--add", "Koncert", "--date", "2026-05-01", "--venue", "Rock Café")
        try member.ok("gig", "--add", "Koncert", "--date", "2026-04-01", "--venue", "Klub")
        try band.mergeBothWays()
        for lib in [leader, member] {
            let check = try lib.runBinary("check")
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            let gigs = try lib.ok("gigs")
            #expect(gigs.split(separator: "\n").count == 5, "\(gigs)")
            #expect(gigs.contains("Lucerna") && gigs.contains("Rock Café") && gigs.contains("Klub"))
            #expect(try lib.ok("song", "Highway to Hell").contains("Played:    4 times, last on 2026-05-01"))
        }
    }

    @Test func bothMembersChangesMergeBothWaysWithoutConflict() throws {
        let band = try Band()
        let (leader, member) = (band.leader, band.member)
        try leader.ok("add-song", "Smoke on the Water", "--author", "Deep Purple")
        try leader.ok("edit-song", "Highway to Hell", "--notes", "Angus counts in")
        try leader.ok("new", "Zkouška", "Smoke on the Water")
        try leader.ok("add-contact", "Jana Basa", "jana@example.com")
        try member.ok("add-song", "Californication", "--author", "RHCP")
        try member.ok("edit-song", "Highway to Hell", "--bpm", "120")
        try member.ok("move", "Koncert", "1", "3")
        try member.ok("new", "Festival", "Californication")
        try member.ok("add-contact", "Karel Bicí", "karel@example.com")

        // Both ways: each merges the other's commit as it was before either merge.
        try band.mergeBothWays()

        for lib in [leader, member] {
            let check = try lib.runBinary("check")
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("No problems found."))
            let songs = try lib.ok("songs")
            for title in ["Smoke on the Water", "Californication", "Under the Bridge"] { #expect(songs.contains(title)) }
            let highway = try lib.ok("song", "Highway to Hell")
            #expect(highway.contains("Angus counts in") && highway.contains("120"), "\(highway)")
            let playlists = try lib.ok("playlists")
            #expect(playlists.contains("Zkouška") && playlists.contains("Festival") && playlists.contains("Koncert"))
            let koncert = try lib.ok("show", "Koncert")
            let order = ["Stairway to Heaven", "Under the Bridge", "Highway to Hell"].map { koncert.range(of: $0)!.lowerBound }
            #expect(order == order.sorted(), "\(koncert)")
            let contacts = try lib.ok("contacts")
            for name in ["Pepa Kytara", "Jana Basa", "Karel Bicí"] { #expect(contacts.contains(name)) }
        }
    }

    @Test func sameFieldChangedOnBothSidesIsAConflictThatResolveSettles() throws {
        let band = try Band()
        let (leader, member) = (band.leader, band.member)
        try leader.ok("edit-song", "Highway to Hell", "--key", "Dm", "--author", "AC-DC")
        try band.commit(leader, "leader")
        try member.ok("edit-song", "Highway to Hell", "--key", "Em", "--bpm", "200")
        try band.commit(member, "member")
        try band.fetch(member, from: leader)
        let merge = try band.merge(member)
        #expect(merge.status != 0)
        #expect(merge.output.contains("CONFLICT"), "\(merge.output)")
        // The file is valid JSON holding ours, the library loads, and check lists the conflict.
        let song = try member.ok("song", "Highway to Hell")
        #expect(song.contains("E minor") && song.contains("AC-DC") && song.contains("200"), "\(song)")
        let check = try member.runBinary("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("1. songs.json: 'Highway to Hell' by AC-DC, key: ours \"E minor\", theirs \"D minor\""), "\(check.stdout)"
        )

        let resolve = try member.ok("resolve", "--theirs")
        #expect(resolve.contains("Staged for git: songs.json."), "\(resolve)")
        try git(member.root, "commit", "-q", "--no-edit")
        #expect(try member.ok("song", "Highway to Hell").contains("D minor"))
        #expect(try member.runBinary("check").status == 0)
        #expect(try gitStatus(member.root, "status", "--porcelain").output.isEmpty)
    }

    /// One setlist renamed differently on both sides (git's rename/rename: the file name follows
    /// the name, so git leaves both files, each holding the merged setlist): check says what
    /// happened, repair joins the files into one setlist with a name conflict, resolve settles
    /// the name and stages every file the merge left, and the merge commits clean.
    @Test(arguments: [("--theirs", "Gig Praha 2026"), ("--ours", "Praha live")])
    func aSetlistRenamedOnBothSidesIsJoinedAndItsNameSettled(side: String, name: String) throws {
        let band = try Band()
        let member = band.member
        let merge = try band.mergeInConflict(leader: ["rename", "Koncert", "Gig Praha 2026"], member: ["rename", "Koncert", "Praha live"])
        #expect(merge.contains("rename/rename"), "\(merge)")
        let check = try member.runBinary("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("renamed differently on two computers"), "\(check.stdout)")
        #expect(check.stdout.contains(#"name: ours "Praha live", theirs "Gig Praha 2026""#), "\(check.stdout)")

        let repair = try member.runBinary("check", "--repair")
        #expect(repair.stdout.contains("the setlist was renamed apart on two computers"), "\(repair.stdout)")
        let playlists = try #require(
            try JSONSerialization.jsonObject(with: member.run("playlists", "--json").stdoutData) as? [[String: Any]])
        #expect(playlists.count == 1, "one setlist, not two")
        try band.resolveAndCommit(side)
        let shown = try member.ok("show", name)
        #expect(shown.contains("Highway to Hell") && shown.contains("Under the Bridge"), "\(shown)")
        let files = try FileManager.default.contentsOfDirectory(atPath: member.root.appendingPathComponent("playlists").path)
        #expect(files.count == 1, "\(files)")
    }

    /// A setlist deleted on one side and renamed on the other (git's rename/delete) stays, with
    /// its delete a conflict that check names; resolve takes the delete (ours) or keeps the
    /// renamed setlist (theirs), stages what git left, and the merge commits clean.
    @Test(arguments: [("--ours", false), ("--theirs", true)])
    func aSetlistDeletedHereAndRenamedThereIsAConflict(side: String, kept: Bool) throws {
        let band = try Band()
        let member = band.member
        _ = try band.mergeInConflict(leader: ["rename", "Koncert", "Koncert 2026"], member: ["delete", "Koncert"])
        let check = try member.runBinary("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("1. playlists.json: the setlist of playlists/koncert-2026-"), "\(check.stdout)")
        #expect(check.stdout.contains(#"removed on one side, changed on the other: ours "removed", theirs "changed""#), "\(check.stdout)")
        try band.resolveAndCommit(side)
        let playlists = try #require(
            try JSONSerialization.jsonObject(with: member.run("playlists", "--json").stdoutData) as? [[String: Any]])
        #expect(playlists.map { $0["name"] as? String } == (kept ? ["Koncert 2026"] : []))
    }

    /// A setlist deleted on one side and changed on the other (git's modify/delete leaves the
    /// changed file in the folder, listed nowhere): check names it as that, not as a file to put
    /// back; repair puts it back with the delete a conflict, and resolve settles it like the
    /// rename/delete above (issue 46).
    @Test(arguments: [
        (["delete", "Koncert"], ["add-song", "Smoke", "--to", "Koncert"], "--ours", "removed", "changed", false),
        (["delete", "Koncert"], ["add-song", "Smoke", "--to", "Koncert"], "--theirs", "removed", "changed", true),
        (["add-song", "Smoke", "--to", "Koncert"], ["delete", "Koncert"], "--ours", "changed", "removed", true),
    ])
    func aSetlistDeletedOnOneSideAndChangedOnTheOtherIsAConflict(
        member memberChange: [String], leader leaderChange: [String], side: String, ours: String, theirs: String, kept: Bool
    ) throws {
        let band = try Band()
        let member = band.member
        let merge = try band.mergeInConflict(leader: leaderChange, member: memberChange)
        #expect(merge.contains("modify/delete"), "\(merge)")
        let check = try member.runBinary("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("(git's modify/delete)"), "\(check.stdout)")
        let repair = try member.runBinary("check", "--repair")
        #expect(repair.stdout.contains("with the delete a conflict for `setlist resolve`"), "\(repair.stdout)")
        #expect(!repair.stdout.contains("was missing from"), "\(repair.stdout)")
        #expect(
            repair.stdout.contains(#"removed on one side, changed on the other: ours "\#(ours)", theirs "\#(theirs)""#), "\(repair.stdout)")
        try band.resolveAndCommit(side)
        let playlists = try #require(
            try JSONSerialization.jsonObject(with: member.run("playlists", "--json").stdoutData) as? [[String: Any]])
        #expect(playlists.map { $0["name"] as? String } == (kept ? ["Koncert"] : []))
        if kept { #expect(try member.ok("show", "Koncert").contains("Smoke")) }
        #expect(try member.ok("playlists").contains("Koncert") == kept)
    }
}

/// Runs git in `folder` with a fixed identity and the built `setlist` first on the PATH (git
/// starts it as the merge driver); throws when git fails.
@discardableResult
func git(_ folder: URL, _ arguments: String...) throws -> String {
    let result = try gitStatus(folder, arguments)
    guard result.status == 0 else { throw GitFailure(arguments: arguments, output: result.output) }
    return result.output
}

func gitStatus(_ folder: URL, _ arguments: String...) throws -> (status: Int32, output: String) {
    try gitStatus(folder, arguments)
}

func gitStatus(_ folder: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = try SetlistBinary.folder().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = folder.path
    environment["SETLIST_HOME"] = folder.path
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try ChildProcess.start(process)
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

struct GitFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var output: String
    var description: String { "git \(arguments.joined(separator: " ")) failed: \(output)" }
}
