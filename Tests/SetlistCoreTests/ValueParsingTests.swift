import Testing
@testable import SetlistCore

@Suite struct LengthParsingTests {
    @Test(arguments: [
        ("2:20", 140), ("140", 140), ("2m20s", 140), ("2m 20s", 140), ("1:02:03", 3723), ("45s", 45),
        ("3m", 180), ("1h2m3s", 3723), (" 0:59 ", 59), ("10:00:00", 36000), ("2:05", 125),
    ])
    func accepts(text: String, seconds: Int) {
        #expect(SongLength.seconds(from: text) == seconds)
    }

    @Test(arguments: ["", "abc", "2:75", "2:5", "1:60:00", "0", "0:00", "-3", "2m20", "20s2m", "1:2:3:4", "10:00:01", "99999999999", "2.5", "m", "2mm"])
    func rejects(text: String) {
        #expect(SongLength.seconds(from: text) == nil)
        #expect(throws: ValueError.invalidLength(text)) { try SongLength.parse(text) }
    }

    @Test func formats() {
        #expect(SongLength.format(140) == "2:20")
        #expect(SongLength.format(59) == "0:59")
        #expect(SongLength.format(3723) == "1:02:03")
        #expect(SongLength.format(3600) == "1:00:00")
    }
}

@Suite struct KeyParsingTests {
    @Test(arguments: [
        ("C minor", "C minor"), ("Cm", "C minor"), ("cm", "C minor"), ("F#m", "F# minor"), ("F♯m", "F# minor"),
        ("Bb", "Bb major"), ("B♭ major", "Bb major"), ("B", "B major"), ("Bm", "B minor"), ("Ebmaj", "Eb major"),
        ("A min", "A minor"), ("D", "D major"), ("G major", "G major"),
        // A capital M is major, as in chord symbols; it used to be read as minor.
        ("CM", "C major"), ("F#M", "F# major"), ("AM", "A major"), ("C MINOR", "C minor"), ("CMIN", "C minor"),
        // Czech and German names.
        ("C-dur", "C major"), ("c-moll", "C minor"), ("Fis-dur", "F# major"), ("fis-moll", "F# minor"),
        ("B-dur", "Bb major"), ("b-moll", "Bb minor"), ("H-dur", "B major"), ("h-moll", "B minor"),
        ("Es-dur", "Eb major"), ("As dur", "Ab major"), ("cis-moll", "C# minor"), ("Des-dur", "Db major"),
        ("E dur", "E major"), ("gis moll", "G# minor"),
    ])
    func normalises(text: String, expected: String) throws {
        #expect(try MusicalKey.parse(text).description == expected)
    }

    @Test(arguments: ["", "H", "X minor", "C#b", "Cmajor7", "fis", "C sharp", "dur", "moll", "Cx", "Bes-dur", "Q-dur"])
    func rejects(text: String) {
        #expect(MusicalKey(parsing: text) == nil)
    }

    @Test func errorShowsHowToType() {
        let error = ValueError.invalidKey("Q")
        #expect(error.description.contains("C minor"))
        #expect(error.description.contains("C-dur"))
    }

    @Test func typesetUsesMusicalSigns() throws {
        #expect(try MusicalKey.parse("F#m").typeset == "F♯ minor")
        #expect(try MusicalKey.parse("B-dur").typeset == "B♭ major")
    }
}

@Suite struct TempoAndTextTests {
    @Test func tempo() throws {
        #expect(try Tempo.parse("250") == 250)
        #expect(try Tempo.parse(" 120 bpm") == 120)
        for bad in ["0", "1000", "fast", "12.5", "-5", ""] {
            #expect(throws: ValueError.invalidTempo(bad)) { try Tempo.parse(bad) }
        }
    }

    @Test func foldingIgnoresCaseAndAccents() {
        #expect(Text.fold("Příběh") == Text.fold("pribeh"))
        #expect(Text.fold("NOVÝ KONCERT") == "novy koncert")
        #expect(Text.fold("Žluťoučký kůň") == "zlutoucky kun")
    }

    @Test func namesRefuseControlCharacters() throws {
        #expect(throws: ValueError.self) { try Text.cleanName("Bad\nName", field: "name") }
        #expect(throws: ValueError.self) { try Text.cleanName("Bad\u{202E}Name", field: "name") }
        #expect(throws: ValueError.empty(field: "name")) { try Text.cleanName("   ", field: "name") }
        #expect(throws: ValueError.self) { try Text.cleanName(String(repeating: "x", count: 301), field: "name") }
        #expect(try Text.cleanName("  Příběh 👩‍🎤 ", field: "name") == "Příběh 👩‍🎤")
        // The limit itself is allowed, so the message must not say "under" it.
        #expect(try Text.cleanName(String(repeating: "x", count: 300), field: "name").count == 300)
        #expect(ValueError.tooLong(field: "name", limit: 300).description.contains("300 characters at most"))
    }

    @Test func notesKeepLinesAndTabsOnly() throws {
        #expect(try Text.cleanNotes("a\r\nb\tc\n") == "a\nb\tc")
        #expect(try Text.cleanNotes("   ") == nil)
        #expect(throws: ValueError.self) { try Text.cleanNotes("bell\u{7}") }
    }

    @Test func emailAddresses() throws {
        #expect(try EmailAddress.validate(" mail@mail.com ") == "mail@mail.com")
        #expect(try EmailAddress.validate("pepa.kytara+band@example.co.uk") == "pepa.kytara+band@example.co.uk")
        for bad in ["mail", "mail@", "@mail.com", "a b@mail.com", "mail@mail", "mail@-x.com", "a..b@mail.com", "mail@mail.com\r\nBcc: x@y.z"] {
            #expect(throws: ValueError.invalidEmail(bad)) { try EmailAddress.validate(bad) }
        }
    }
}
