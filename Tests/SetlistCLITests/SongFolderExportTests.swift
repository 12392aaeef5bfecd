import CLITestSupport
import Foundation
import SetlistSupport
import TestLevels
import Testing

/// export-songs --format openlyrics|chordpro -o FOLDER, and the way back in.
@Suite struct SongFolderExportTests {
    func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok(
            "add-song", "Amazing Grace", "--author", "John Newton", "--key", "G", "--bpm", "72", "--length", "4:05", "--notes",
            "Slow & soft")
        try Data("{c: Verse 1}\n[G]Amazing [C]grace, how [G]sweet\nThat saved a [D/F#]wretch\n\n{c: Chorus}\nI once was [Em7]lost\n".utf8)
            .write(to: lib.folder.appendingPathComponent("grace.cho"))
        try lib.ok("chart", "Amazing Grace", "--set", "grace.cho")
        try lib.ok("add-song", "Amazing Grace", "--author", "Another Writer", "--key", "C#m")
        try lib.ok("add-song", "Ode", "--key", "Bb minor", "--bpm", "300")
        return lib
    }

    @Test(arguments: ["openlyrics", "chordpro"]) func aRoundTripKeepsEverySongsDetailsAndChart(format: String) throws {
        let lib = try library()
        let out = try lib.ok("export-songs", "--format", format, "-o", "Out")
        #expect(out == "Exported 3 songs as \(format == "openlyrics" ? "OpenLyrics" : "ChordPro") files to Out.\n")
        let ext = format == "openlyrics" ? "xml" : "cho"
        let names = try FileManager.default.contentsOfDirectory(atPath: lib.folder.appendingPathComponent("Out").path).sorted()
        #expect(names == ["Amazing Grace (Another Writer).\(ext)", "Amazing Grace.\(ext)", "Ode.\(ext)"])
        let other = try TemporaryLibrary()
        try FileManager.default.copyItem(at: lib.folder.appendingPathComponent("Out"), to: other.folder.appendingPathComponent("Out"))
        let imported = try other.ok("import-songs", "Out")
        #expect(imported.contains("Added 3 songs."))
        // ChordPro has no place for a song's notes (and what the issue asks to keep leaves them out).
        #expect(try songs(other, withNotes: format == "openlyrics") == (try songs(lib, withNotes: format == "openlyrics")))
    }

    /// Every song's JSON but its id, by title and author (a folder is read in file-name order).
    func songs(_ lib: TemporaryLibrary, withNotes: Bool) throws -> [String] {
        let data = try lib.run("songs", "--json").stdoutData
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try list.map { song in
            var song = song
            song["id"] = nil
            if !withNotes { song["notes"] = nil }
            return String(decoding: try JSONSerialization.data(withJSONObject: song, options: [.sortedKeys]), as: UTF8.self)
        }.sorted()
    }

    @Test func theFolderIsNamedAndNotAFile() throws {
        let lib = try library()
        #expect(try lib.run("export-songs", "--format", "openlyrics").status == 64)
        try Data().write(to: lib.folder.appendingPathComponent("afile"))
        let result = try lib.run("export-songs", "--format", "chordpro", "-o", "afile")
        #expect(result.status == 1 && result.stderr.contains("Cannot write the songs to afile: it is a file"))
    }
}

/// What export-songs --format openlyrics writes, checked against the published schema by xmllint.
@Suite(.tags(.externalTools), .needs("xmllint")) struct SongFolderSchemaTests {
    @Test func everyFileIsValidOpenLyrics() throws {
        let lib = try SongFolderExportTests().library()
        try lib.ok("export-songs", "--format", "openlyrics", "-o", "Out")
        // The schema the format tests keep (Tests/SetlistAppFormatsTests/Fixtures/schema).
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SetlistAppFormatsTests/Fixtures/schema/openlyrics-0.9.rng").path
        let out = lib.folder.appendingPathComponent("Out")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted().map { out.appendingPathComponent($0).path }
        #expect(files.count == 3)
        let result = try ChildProcess.run("/usr/bin/xmllint", ["--noout", "--relaxng", schema] + files, timeout: 60)
        #expect(result.status == 0, "\(String(decoding: result.errorOutput, as: UTF8.self))")
    }
}
