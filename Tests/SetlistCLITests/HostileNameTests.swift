import CLITestSupport
import Foundation
import SetlistCLI
import SetlistModel
import Testing

@testable import SetlistSupport

/// Names as a hostile user types them (issue 13): decomposed accents, bytes that are not UTF-8,
/// names that differ only in accents, names that look like paths, playlists past the limit, and
/// mail headers that break the rules for names. Each is refused with one line, or stored right.
@Suite struct HostileNameTests {
    /// "Příběh" typed decomposed (as macOS file names give it).
    let decomposed = "Pr\u{030C}i\u{0301}be\u{030C}h"

    @Test func namesTypedDecomposedAreStoredComposedAndFoundEitherWay() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", decomposed, "--author", "Jan Nova\u{0301}k", "--notes", "Zac\u{030C}átek")
        try lib.ok("new", "Ne\u{0301}co", decomposed)
        try lib.ok("add-contact", "Pavel Kr\u{030C}i\u{0301}z\u{030C}", "pavel@example.com")
        for file in ["songs.json", "contacts.json"] {
            let text = try lib.file(file)
            let marks = text.unicodeScalars.filter { $0.properties.generalCategory == .nonspacingMark }
            #expect(marks.isEmpty, "\(file): \(marks.map { Hex.codePoint($0) })")
        }
        #expect(try lib.file("songs.json").contains("Příběh"))
        #expect(try lib.file("songs.json").contains("Jan Novák"))
        // Typed composed, the decomposed song is found, and is the one song of that title.
        #expect(try lib.ok("song", "Příběh").contains("Příběh"))
        try lib.ok("add-song", "Příběh")
        #expect(try lib.run("song", decomposed).stderr.contains("matches 2 songs"))
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNamingIt() throws {
        let lib = try TemporaryLibrary()
        // "Můj" in ISO 8859-2: ů is 0xF9, not UTF-8.
        let latin2: [UInt8] = [0x4D, 0xF9, 0x6A]
        let errors = OutputSink()
        var made: [[String]] = []
        let status = SetlistMain.run(bytes: [Array("new".utf8), latin2]) { arguments in
            made.append(arguments)
            var context = CommandContext.process(arguments: arguments)
            context.environment = lib.environment()
            context.output = OutputSink()
            context.errorOutput = errors
            return context
        }
        #expect(status == 64)
        #expect(errors.text.hasPrefix("setlist: error: Argument 2 (\"M\u{FFFD}j\") is not UTF-8 text"), "\(errors.text)")
        #expect(errors.text.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: lib.root.path))
        #expect(made == [[]])
    }

    @Test func validBytesRunTheCommand() throws {
        let lib = try TemporaryLibrary()
        let status = SetlistMain.run(bytes: [Array("new".utf8), Array("Můj koncert".utf8)]) { arguments in
            var context = CommandContext.process(arguments: arguments)
            context.environment = lib.environment()
            context.output = OutputSink()
            context.errorOutput = OutputSink()
            return context
        }
        #expect(status == 0)
        #expect(try lib.ok("playlists").contains("Můj koncert"))
    }

    @Test(arguments: [
        ["new", "muj KONCERT"],
        ["rename", "Jiný", "muj koncert"],
        ["duplicate", "Jiný", "MUJ koncert"],
    ])
    func playlistNamesThatDifferOnlyInAccentsAreTaken(arguments: [String]) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Můj koncert")
        try lib.ok("new", "Jiný")
        let before = try lib.snapshot()
        let result = try lib.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains("already exists"), "\(result.stderr)")
        // The message names the playlist that holds the name, as it is spelled.
        #expect(result.stderr.contains("'Můj koncert' already exists"), "\(result.stderr)")
        #expect(try lib.snapshot() == before)
    }

    @Test func importUnderANameThatDiffersOnlyInAccentsIsRefused() throws {
        let sender = try TemporaryLibrary(), lib = try TemporaryLibrary()
        try sender.ok("new", "muj KONCERT")
        try sender.ok("export", "-o", "out.plsts")
        try lib.ok("new", "Můj koncert")
        let document = sender.folder.appendingPathComponent("out.plsts").path
        let before = try lib.snapshot()
        let result = try lib.run("import", document)
        #expect(result.status == 1)
        #expect(result.stderr.contains("muj KONCERT"), "\(result.stderr)")
        #expect(try lib.snapshot() == before)
    }

    @Test(arguments: [
        ["new", "../x"], ["new", "~/koncert"], ["new", "/abs"], ["new", "a/./b"],
        ["rename", "Koncert", "../x"], ["duplicate", "Koncert", "/abs"],
        // "." and ".." exported to the same setlist.plsts, the second over the first (issue 36).
        ["new", "."], ["new", ".."], ["rename", "Koncert", ".."], ["duplicate", "Koncert", " . "],
    ])
    func namesThatLookLikePathsAreRefusedWhenMade(arguments: [String]) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        let before = try lib.snapshot()
        let result = try lib.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains("looks like a file path"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try lib.snapshot() == before)
    }

    @Test func importRenamedToAPathIsRefused() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        try lib.ok("export", "-o", "k.plsts")
        let result = try lib.run("import", "k.plsts", "--rename", "~/koncert")
        #expect(result.status != 0)
        #expect(result.stderr.contains("looks like a file path"), "\(result.stderr)")
    }

    @Test func slashesInNamesAreStillFine() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "AC/DC revival")
        try lib.ok("rename", "Praha 1/2")
    }

    @Test func aPlaylistCannotGrowPastTheLimitThatExportHas() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Song")
        try lib.ok("new", "Big")
        // 999 copies in one command, then the 1000th fits and the 1001st does not.
        #expect(try lib.run(["add", "Big"] + Array(repeating: "Song", count: 999)).status == 0)
        try lib.ok("add", "Big", "Song")
        let before = try lib.snapshot()
        for arguments in [["add", "Big", "Song"], ["break", "--after", "3"]] {
            let result = try lib.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("limit of 1000"), "\(result.stderr)")
            #expect(try lib.snapshot() == before)
        }
        try lib.ok("export", "-o", "big.plsts")
    }

    /// A playlist past the document's limits (an older or hand-edited library): the .plsts is
    /// refused, saying how to send the PDF alone, and the PDF alone is never refused.
    @Test func aPlaylistPastTheLimitIsSharedAsAPDFAlone() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Big")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: lib.root.appendingPathComponent("playlists").path).first)
        let url = lib.root.appendingPathComponent("playlists").appendingPathComponent(file)
        var playlist = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        playlist["items"] = (1...1001).map { ["id": String(format: "c%07d", $0), "name": "Song \($0)"] }
        try JSONSerialization.data(withJSONObject: playlist, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        let share = ["share", "--to", "a@example.com", "--from", "b@example.com", "--eml", "out.eml"]
        let refused = try lib.run(share)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("share its PDF alone with `setlist share --no-plsts`"), "\(refused.stderr)")
        let alone = try lib.run(share + ["--no-plsts", "--short"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.contains("Wrote 'Big' (Big-short.pdf) to out.eml"), "\(alone.stdout)")
        let message = try String(contentsOf: lib.folder.appendingPathComponent("out.eml"), encoding: .utf8)
        #expect(!message.contains(".plsts"))
        let nothing = try lib.run(share + ["--no-plsts", "--pdf", "none"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("Nothing to attach"), "\(nothing.stderr)")
    }

    @Test func aSubjectWithADirectionOverrideIsRefusedLikeANameAndNothingIsSent() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        let result = try lib.run(
            "share", "--to", "a@example.com", "--from", "b@example.com",
            "--subject", "Setlist \u{202E}fdp.exe", "--eml", "out.eml")
        #expect(result.status == 1)
        #expect(result.stderr.contains("The subject contains the direction override U+202E"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("out.eml").path))
    }

    @Test func aSenderNameLongerThanANameIsRefusedInOneShortLine() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        let long = String(repeating: "x", count: 10_000)
        for arguments in [
            ["config", "sender", "\(long) <b@example.com>"],
            ["share", "--to", "a@example.com", "--from", "\(long) <b@example.com>", "--eml", "out.eml"],
        ] {
            let result = try lib.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("longer than 300 characters"), "\(result.stderr.prefix(300))")
            #expect(result.stderr.count < 400)
        }
        try lib.ok("config", "sender", "\(String(repeating: "y", count: 300)) <b@example.com>")
    }
}
