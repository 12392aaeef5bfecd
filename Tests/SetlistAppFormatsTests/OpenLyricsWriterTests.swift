import Foundation
import SetlistModel
import SetlistSupport
import TestLevels
import Testing

@testable import SetlistAppFormats

@Suite struct OpenLyricsWriterTests {
    static func song(_ name: String, author: String?, key: String?, bpm: Int?, length: Int?, notes: String?, chart: [String]) -> SongFields
    {
        let musicalKey = key.flatMap { MusicalKey(parsing: $0) }
        return SongFields(
            name: name, author: author, length: length, key: musicalKey, bpm: bpm, notes: notes,
            chart: chart.isEmpty ? nil : Chart(lines: chart, key: musicalKey))
    }

    static let songs: [SongFields] = [
        song(
            "Amazing Grace", author: "John Newton", key: "G major", bpm: 72, length: 245, notes: "Slow & quiet <first> verse",
            chart: [
                "{comment: Verse 1}", "[G]Amazing [G7]grace, how [C]sweet the [G]sound", "That saved a [Em]wretch like [D/F#]me", "",
                "{start_of_chorus: Chorus}", "I once was [Gsus4]lost", "{end_of_chorus}", "",
                "[Cadd11]an odd chord, [N.C.] and [Dm7b5]more",
                "", "# a writer's note", "{key: A}", "[A]now in A",
            ]),
        song("Scarborough Fair", author: nil, key: "Db minor", bpm: 300, length: nil, notes: nil, chart: ["[C#m]Are you going"]),
        song("Untitled words", author: "Ann & Bob", key: nil, bpm: nil, length: 3600, notes: "Line one\nLine two", chart: []),
        song(
            "Bb tune", author: "X", key: "Bb minor", bpm: 30, length: 1, notes: nil,
            chart: ["{comment: Verse 2}", "la", "", "second paragraph", "", "third"]),
        song(
            "Waltz", author: "Y", key: "D", bpm: 90, length: nil, notes: nil,
            chart: ["{time: 3/4}", "{meta: ccli 22025}", "[D]one two three", "", "{time: 7/3}", "[A]odd"]),
        song("Not a number", author: nil, key: nil, bpm: nil, length: nil, notes: nil, chart: ["{meta: ccli none}", "words"]),
    ]

    @Test func aSongWrittenAndReadBackIsTheSameSong() throws {
        for song in Self.songs {
            let text = OpenLyricsWriter.document(song)
            let back = try #require(try AppFormats.read(Array(text.utf8), name: "x.xml", notation: .english)?.songs.first).fields
            #expect(back.name == song.name)
            #expect(back.author == song.author)
            #expect(back.key == song.key || back.key?.pitchClass == song.key?.pitchClass && back.key?.mode == song.key?.mode)
            #expect(back.bpm == song.bpm && back.length == song.length && back.notes == song.notes)
            #expect(back.chart?.shown(in: back.key).lines == song.chart?.shown(in: song.key).lines, "\(song.name)")
        }
    }

    @Test func keysAreNamedAsTheSchemaNamesThem() {
        #expect(OpenLyricsWriter.keyName(MusicalKey(pitchClass: 1, mode: .minor)) == "C#m")
        #expect(OpenLyricsWriter.keyName(MusicalKey(parsing: "Gb major")!) == "Gb")
        #expect(OpenLyricsWriter.keyName(MusicalKey(parsing: "Ab minor")!) == "Abm")
    }

    @Test func aTimeSignatureAndCCLINumberAtTheChartsHeadAreItsProperties() throws {
        let text = OpenLyricsWriter.document(Self.songs[4])
        #expect(text.contains("    <ccliNo>22025</ccliNo>\n") && text.contains("    <timeSignature>3/4</timeSignature>\n"))
        // A time signature later in the chart is a change of time, and stays where it stands.
        #expect(text.contains("<comment>{time: 7/3}</comment>") && !text.contains("<comment>{time: 3/4}</comment>"))
        // What the schema does not allow stays a comment of the lyrics.
        #expect(OpenLyricsWriter.document(Self.songs[5]).contains("<comment>{meta: ccli none}</comment>"))
    }
}

/// The OpenLyrics written checked against the published schema by xmllint.
@Suite(.tags(.externalTools), .needs("xmllint")) struct OpenLyricsSchemaTests {
    @Test func whatIsWrittenIsValidAgainstThePublishedSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openlyrics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, song) in OpenLyricsWriterTests.songs.enumerated() {
            let url = folder.appendingPathComponent("\(index).xml")
            try Data(OpenLyricsWriter.document(song).utf8).write(to: url)
            paths.append(url.path)
        }
        let schema = try Fixture.url("schema/openlyrics-0.9.rng").path
        let result = try ChildProcess.run("/usr/bin/xmllint", ["--noout", "--relaxng", schema] + paths, timeout: 60)
        #expect(result.status == 0, "\(String(decoding: result.errorOutput, as: UTF8.self))")
    }
}
