import CLITestSupport
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `setlist live` run for real inside tmux: keys sent, the pane captured after each, and the
/// terminal checked to be as it was after quitting. `setlist show --at` and the refusal without a
/// terminal are in SetlistCLITests.
@Suite(.serialized, .tags(.endToEnd, .externalTools), .needs("tmux", "faketime")) struct LiveTests {
    @Test func stepsThroughASetlistInTmux() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        let before = lib.folder.appendingPathComponent("stty-before").path, after = lib.folder.appendingPathComponent("stty-after").path
        try tmux.type(
            "stty -g > '\(before)'; echo MARKER-BEFORE; SETLIST_HOME='\(lib.root.path)' '\(binary)' live Koncert; echo EXIT=$?; stty -g > '\(after)'"
        )
        try tmux.keys("Enter")

        var pane = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        #expect(pane.contains("by AC/DC"))
        #expect(pane.contains("Length 3:28   Key A major   116 BPM"))
        #expect(pane.contains("Angus counts in."))
        #expect(pane.contains("Next: 2. Stairway to Heaven (8:02, A minor, 82 BPM)"))
        #expect(pane.contains("Set 1: 0:00 played, 15:40 to go"))
        #expect(!pane.contains("MARKER-BEFORE"), "the alternate screen hides the shell")
        #expect(try tmux.value("alternate_on") == "1")

        try tmux.keys("Right")
        pane = try tmux.waitFor { $0.contains("2/4 · Set 1") }
        #expect(pane.contains("by Led Zeppelin"))
        #expect(pane.contains("Set 1: 3:28 played, 12:12 to go"))

        try tmux.keys("p")
        pane = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        #expect(pane.contains("by AC/DC"))

        try tmux.keys("3")
        _ = try tmux.waitFor { $0.contains("Go to song: 3_") }
        try tmux.keys("Enter")
        pane = try tmux.waitFor { $0.contains("3/4 · Set 1") }
        #expect(pane.contains("Příběh"))
        #expect(pane.contains("Next: break, then Set 2: 4. Under the Bridge"))

        try tmux.keys("End")
        pane = try tmux.waitFor { $0.contains("4/4 · Set 2") }
        #expect(pane.contains("by Red Hot Chili Peppers"))
        #expect(pane.contains("Next: nothing, this is the last song"))

        try tmux.keys("g")
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }

        try tmux.resize(columns: 40, rows: 12)
        pane = try tmux.waitFor { $0.contains("Koncert                      1/4 · Set 1") }
        #expect(pane.contains("→ next  ← prev  N⏎ jump  c count  q quit"))

        try tmux.keys("q")
        pane = try tmux.waitFor { $0.contains("EXIT=0") }
        let socket = try tmux.value("socket_path")
        defer {
            tmux.kill()
            #expect(!FileManager.default.fileExists(atPath: socket), "the test leaves no tmux socket behind")
        }
        #expect(pane.contains("MARKER-BEFORE"), "the shell's screen is back")
        #expect(!pane.contains("1/4"))
        #expect(try tmux.value("alternate_on") == "0")
        #expect(try tmux.value("cursor_flag") == "1")
        _ = try tmux.waitFor { _ in FileManager.default.fileExists(atPath: after) }
        let settings = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        #expect(!settings(before).isEmpty)
        #expect(settings(before) == settings(after), "the terminal's settings are restored")
    }

    /// Starts `live Koncert` with `arguments` in `tmux` on a clock that faketime starts at `time`
    /// on 2026-03-14 (UTC) and runs 20 times as fast, and waits for its screen to show `screen`.
    func startShow(in tmux: Tmux, of lib: TemporaryLibrary, at time: String, _ arguments: String, showing screen: String) throws {
        let binary = try SetlistBinary.url().path
        try tmux.type(
            "TZ=UTC SETLIST_HOME='\(lib.root.path)' faketime -f '@2026-03-14 \(time) x20' '\(binary)' live Koncert \(arguments); echo EXIT=$?"
        )
        try tmux.keys("Enter")
        _ = try tmux.waitFor { $0.contains(screen) }
    }

    /// The gig log of a real show on an injected clock: faketime starts the program's clock at
    /// 2026-03-14 20:00 UTC and runs it 20 times as fast, so a minute on stage is 3 seconds here.
    /// Three songs are played for over a minute, one is stepped past at once: three are logged.
    @Test func aShowIsLoggedAsItIsPlayed() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        try startShow(in: tmux, of: lib, at: "20:00:00", "--venue Lucerna", showing: "1/4 · Set 1")
        Thread.sleep(forTimeInterval: 4.5) // 90 s on the program's clock
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("2/4 · Set 1") }
        try tmux.keys("Right") // stepped past at once: a few seconds on its clock
        _ = try tmux.waitFor { $0.contains("3/4 · Set 1") }
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("4/4 · Set 2") }
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("q")
        // The pane wraps the line at 80 columns.
        let pane = try tmux.waitFor { $0.contains("EXIT=0") }.replacingOccurrences(of: "\n", with: "")
        #expect(pane.contains("Recorded 3 songs played at the gig of 2026-03-14 'Koncert' at Lucerna, "), "\(pane)")
        #expect(pane.contains(": gig 1 of `setlist gigs`.EXIT=0"), "\(pane)")

        let gig = try lib.json("gig", "--json")["gig"] as? [String: Any]
        #expect(gig?["date"] as? String == "2026-03-14")
        #expect(gig?["venue"] as? String == "Lucerna")
        let songs = try #require(gig?["songs"] as? [[String: Any]])
        #expect(songs.map { $0["name"] as? String } == ["Highway to Hell", "Příběh", "Under the Bridge"])
        for song in songs {
            let shown = try #require(song["shown"] as? Int)
            #expect((60...200).contains(shown), "\(song)")
            #expect((song["started"] as? String)?.hasPrefix("2026-03-14T20:0") == true, "\(song)")
        }
        #expect(try lib.ok("gigs").contains("Lucerna"))
    }

    /// Stage mode started again on the setlist ten minutes after its last song (a crash, the
    /// second set) goes on in the same gig and says so; three hours later it is a new gig.
    @Test func aShowStartedAgainGoesOnInTheSameGig() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 200, rows: 24)
        defer { tmux.kill() }
        func show(at time: String, position: Int) throws -> String {
            try tmux.type("clear")
            try tmux.keys("Enter")
            try startShow(in: tmux, of: lib, at: time, "--at \(position)", showing: "\(position)/4 · Set")
            Thread.sleep(forTimeInterval: 4.5) // 90 s on the program's clock
            try tmux.keys("q")
            // The pane wraps long lines: read it as one.
            return try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }.replacingOccurrences(
                of: "\n", with: "")
        }
        let first = try show(at: "20:00:00", position: 1)
        #expect(first.contains("Recorded 1 song played at the gig of 2026-03-14 'Koncert'") && first.contains("EXIT=0"), "\(first)")
        let second = try show(at: "20:10:00", position: 2)
        #expect(
            second.contains("the show went on in the same gig. Recorded 2 songs played at the gig of 2026-03-14 'Koncert'"), "\(second)")
        #expect(second.contains("gig 1 of `setlist gigs`.") && second.contains("EXIT=0"), "\(second)")
        let later = try show(at: "23:30:00", position: 3)
        #expect(!later.contains("same gig") && later.contains("Recorded 1 song played") && later.contains("gig 2 of"), "\(later)")
        let gigs = try #require(try JSONSerialization.jsonObject(with: lib.run("gigs", "--json").stdoutData) as? [[String: Any]])
        #expect(gigs.map { $0["count"] as? Int } == [2, 1])
        // A busy machine starts the program a second or two after the fake clock's start.
        let started = gigs.map { ($0["started"] as? String) ?? "" }
        #expect(
            started.count == 2 && started[0].hasPrefix("2026-03-14T20:00:0") && started[1].hasPrefix("2026-03-14T23:30:0"), "\(started)")
    }

    /// A library the log cannot be saved in (here `gigs` is a file where its folder belongs,
    /// which stops root too): the show goes on, and at the end setlist says so, names the songs
    /// played so they can be logged by hand, and exits 1.
    @Test func aGigLogThatCannotBeSavedIsSaidAndTheSongsNamed() throws {
        let lib = try TemporaryLibrary.stageConcert()
        try Data("not a folder".utf8).write(to: lib.root.appendingPathComponent("gigs"))
        let tmux = try Tmux(columns: 100, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        try tmux.type(
            "TZ=UTC SETLIST_HOME='\(lib.root.path)' faketime -f '@2026-03-14 20:00:00 x20' '\(binary)' live Koncert; echo EXIT=$?")
        try tmux.keys("Enter")
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        Thread.sleep(forTimeInterval: 4.5) // 90 s on the program's clock
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("2/4 · Set 1") }
        try tmux.keys("q")
        let pane = try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }.replacingOccurrences(
            of: "\n", with: "")
        #expect(pane.contains("error: the gig log could not be saved"), "\(pane)")
        #expect(pane.contains("the songs played were 1. Highway to Hell."), "\(pane)")
        // What is in the log and the command that logs the rest, exactly.
        #expect(pane.contains("the log holds nothing of this show"), "\(pane)")
        #expect(pane.contains("log them: `setlist gig --add Koncert --date \"2026-03-14 20:00\" --played 1`"), "\(pane)")
        #expect(pane.contains("EXIT=1"), "\(pane)")
    }

    /// A library that cannot be changed (its lock file cannot be opened for writing; a folder in
    /// its place stops root too) is said before the show, where it can be read.
    @Test func aLibraryThatCannotBeChangedIsSaidBeforeTheShow() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let lock = lib.root.appendingPathComponent(".lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        let tmux = try Tmux(columns: 100, rows: 24)
        defer { tmux.kill() }
        try tmux.type("SETLIST_HOME='\(lib.root.path)' '\(try SetlistBinary.url().path)' live Koncert; echo EXIT=$?")
        try tmux.keys("Enter")
        // On the stage screen too, where standard error cannot be seen.
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") && $0.contains("The gig will not be logged: the library cannot be changed") }
        try tmux.keys("q")
        let pane = try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }.replacingOccurrences(
            of: "\n", with: "")
        #expect(pane.contains("the gig will not be logged, the library cannot be changed: Cannot write"), "\(pane)")
        #expect(pane.contains("EXIT=0"), "\(pane)")
    }

    @Test func ctrlCAndQLeaveTheTerminalAsItWas() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        for (round, key) in ["C-c", "q"].enumerated() {
            try tmux.type("SETLIST_HOME='\(lib.root.path)' '\(binary)' live --at 2; echo DONE\(round)=$?")
            try tmux.keys("Enter")
            _ = try tmux.waitFor { $0.contains("2/4 · Set 1") }
            try tmux.keys(key)
            let pane = try tmux.waitFor { $0.contains("DONE\(round)=0") }
            #expect(!pane.contains("2/4"))
            #expect(try tmux.value("alternate_on") == "0")
        }
    }

    /// Long notes scroll with ↓ and Page Down, past their end ↓ goes on; ↑ comes back; a lone
    /// Esc (after the arrows' escape sequences) is told from them and does not quit; q does.
    @Test func longNotesScrollAndEscapeDoesNotQuit() throws {
        let lib = try TemporaryLibrary.stageConcert()
        try lib.ok("edit-song", "Highway to Hell", "--in", "Koncert", "--notes", (1...40).map { "Note \($0)." }.joined(separator: "\n"))
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        try tmux.type("SETLIST_HOME='\(lib.root.path)' '\(binary)' live Koncert; echo EXIT=$?")
        try tmux.keys("Enter")
        func lines(_ pane: String) -> [String] { pane.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
        var pane = try tmux.waitFor { lines($0).contains("↓ 30 more lines of notes") }
        #expect(lines(pane).contains("Note 1."))
        #expect(pane.contains("↓↑"), "the line of keys names the scrolling keys")
        try tmux.keys("Down")
        pane = try tmux.waitFor { lines($0).contains("↓ 29 more lines of notes, 1 above") }
        #expect(lines(pane).contains("Note 2.") && !lines(pane).contains("Note 1."))
        try tmux.keys("PageDown")
        _ = try tmux.waitFor { lines($0).contains("Note 11.") && lines($0).contains("↓ 20 more lines of notes, 10 above") }
        try tmux.keys("PageDown", "PageDown", "PageDown")
        pane = try tmux.waitFor { lines($0).contains("↑ 30 lines of notes above") }
        #expect(lines(pane).contains("Note 40.") && pane.contains("1/4 · Set 1"))
        try tmux.keys("Down")
        _ = try tmux.waitFor { $0.contains("2/4 · Set 1") }
        try tmux.keys("Up")
        pane = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        #expect(lines(pane).contains("Note 1."), "a song comes back with its notes from the top")
        try tmux.keys("Escape")
        pane = try tmux.waitFor { $0.contains("press q to quit") }
        #expect(pane.contains("1/4 · Set 1") && !pane.contains("EXIT="))
        try tmux.keys("q")
        pane = try tmux.waitFor { $0.contains("EXIT=0") }
        #expect(try tmux.value("alternate_on") == "0")
    }

    /// Edits made in another terminal show on the next key press, on the same song; when that
    /// song is removed, the one after it shows.
    @Test func editsElsewhereShowOnTheSameSong() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        try tmux.type("SETLIST_HOME='\(lib.root.path)' '\(binary)' live Koncert --at 2; echo EXIT=$?")
        try tmux.keys("Enter")
        _ = try tmux.waitFor { $0.contains("2/4 · Set 1") && $0.contains("Key A minor") }
        try lib.ok("add", "Koncert", "Under the Bridge", "--at", "1")
        try lib.ok("edit-song", "Stairway to Heaven", "--in", "Koncert", "--key", "Bb")
        try tmux.keys("x") // a key that does nothing else
        var pane = try tmux.waitFor { $0.contains("3/5 · Set 1") && $0.contains("Key B♭ major") }
        #expect(pane.contains("by Led Zeppelin"))
        #expect(pane.contains("The setlist was changed elsewhere."))
        try lib.ok("remove", "Koncert", "3")
        try tmux.keys("x")
        pane = try tmux.waitFor { $0.contains("'Stairway to Heaven' was removed elsewhere.") }
        #expect(pane.contains("3/4 · Set 1") && pane.contains("by Lucie"), "the song after it")
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("EXIT=0") }
    }

    @Test(arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129)])
    func signalsRestoreTheTerminal(signal: Int32, status: Int) throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        let before = lib.folder.appendingPathComponent("stty-before").path, after = lib.folder.appendingPathComponent("stty-after").path
        try tmux.type("stty -g > '\(before)'; SETLIST_HOME='\(lib.root.path)' '\(binary)' live; echo DONE=$?; stty -g > '\(after)'")
        try tmux.keys("Enter")
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        let shell = try #require(Int32(try tmux.value("pane_pid")))
        let live = try #require(Self.children(of: shell).first, "the shell runs setlist")
        #expect(kill(live, signal) == 0)
        let pane = try tmux.waitFor { $0.contains("DONE=\(status)") }
        #expect(!pane.contains("1/4"))
        #expect(try tmux.value("alternate_on") == "0")
        #expect(try tmux.value("cursor_flag") == "1")
        _ = try tmux.waitFor { _ in FileManager.default.fileExists(atPath: after) }
        let settings = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        #expect(settings(before) == settings(after), "the terminal's settings are restored")
    }

    /// The processes whose parent is `pid`, from /proc.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // After "pid (name) ": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }
}

/// A tmux server of its own (a unique socket), one session running a plain shell.
struct Tmux {
    let socket = "setlist-live-\(UUID().uuidString.prefix(8))"

    init(columns: Int, rows: Int) throws {
        try run([
            "-f", "/dev/null", "new-session", "-d", "-s", "live", "-x", "\(columns)", "-y", "\(rows)",
            "env", "PS1=$ ", "TERM=xterm-256color", "bash", "--norc", "--noprofile",
        ])
        do {
            try run(["set-option", "-g", "status", "off"])
            try resize(columns: columns, rows: rows)
            _ = try waitFor { $0.contains("$") }
        } catch {
            kill() // The caller's `defer { kill() }` is not in place yet: no server may outlive the test.
            throw error
        }
    }

    /// Types `text` literally.
    func type(_ text: String) throws { try run(["send-keys", "-t", "live", "-l", text]) }

    /// Sends named keys ("Enter", "Right", "C-c") or single characters.
    func keys(_ names: String...) throws { try run(["send-keys", "-t", "live"] + names) }

    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "live", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// A format variable of the pane, like `alternate_on`.
    func value(_ name: String) throws -> String {
        try run(["display-message", "-p", "-t", "live", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func capture() throws -> String { try run(["capture-pane", "-p", "-t", "live"]) }

    /// Captures the pane until `condition` holds, or records a failure with the last capture after 15 s.
    @discardableResult
    func waitFor(_ condition: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(15)
        var pane = ""
        while Date() < deadline {
            pane = try capture()
            if condition(pane) { return pane }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting; the pane shows:\n\(pane)", sourceLocation: sourceLocation)
        return pane
    }

    /// Stops the server and removes its socket file, which tmux leaves behind in /tmp.
    func kill() {
        let path = try? value("socket_path")
        _ = try? run(["kill-server"])
        if let path, !path.isEmpty { unlink(path) }
    }

    /// Runs tmux with posix_spawn rather than Process: the server that new-session starts must
    /// not inherit the test runner's open descriptors (Process waits for one of them to close) nor
    /// its blocked signals (the server would never see SIGCHLD or SIGTERM).
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Every other descriptor closed (glibc ignores the ones closed meanwhile).
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap({ Int32($0) }) ?? [] where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw TmuxError(description: "cannot start tmux (error \(spawned)); Scripts/install-deps installs it") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status))") }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String
}
