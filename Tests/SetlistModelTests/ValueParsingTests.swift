import Testing

@testable import SetlistModel

@Suite struct LengthParsingTests {
    @Test(arguments: [
        ("2:20", 140), ("140", 140), ("2m20s", 140), ("2m 20s", 140), ("1:02:03", 3723), ("45s", 45),
        ("3m", 180), ("1h2m3s", 3723), (" 0:59 ", 59), ("10:00:00", 36000), ("2:05", 125),
    ])
    func accepts(text: String, seconds: Int) {
        #expect(SongLength.seconds(from: text) == seconds)
    }

    @Test(arguments: [
        "", "abc", "2:75", "2:5", "1:60:00", "0", "0:00", "-3", "2m20", "20s2m", "1:2:3:4", "10:00:01", "99999999999", "2.5", "m", "2mm",
    ])
    func rejects(text: String) {
        #expect(SongLength.seconds(from: text) == nil)
        #expect(throws: ValueError.invalidLength(text)) { try SongLength.parse(text) }
    }

    @Test func formats() {
        #expect(SongLength.format(140) == "2:20")
        #expect(SongLength.format(59) == "0:59")
        #expect(SongLength.format(3723) == "1:02:03")
        #expect(SongLength.format(-5) == "-0:05", "a length a hand-edited file holds")
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

    @Test(arguments: [
        "", "X minor", "C#b", "Cmajor7", "C sharp", "dur", "moll", "Cx", "Bes-dur", "Q-dur", "Bis", "Hx", "A--",
        "Amoll7", "Ases", "I", "-", "m", "Cmi7",
    ])
    func rejects(text: String) {
        #expect(MusicalKey(parsing: text) == nil)
    }

    /// Library files are read through a table of the canonical forms: it must hold every key the
    /// parser reads back to itself, and nothing else.
    @Test func canonicalFormsAreTheKeysTheParserReadsBack() {
        #expect(MusicalKey.canonical.count == 42)
        for (text, key) in MusicalKey.canonical {
            #expect(key.description == text && MusicalKey(parsing: text, notation: .english) == key, "\(text)")
        }
    }

    @Test func errorShowsHowToType() {
        let error = ValueError.invalidKey("Q")
        #expect(error.description.contains("C minor"))
        #expect(error.description.contains("C-dur"))
    }

    @Test func typesetUsesMusicalSigns() throws {
        #expect(try MusicalKey.parse("F#m").spelled(in: .english) == "F♯ minor")
        #expect(try MusicalKey.parse("B-dur").spelled(in: .english) == "B♭ major")
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
        for bad in [
            "mail", "mail@", "@mail.com", "a b@mail.com", "mail@mail", "mail@-x.com", "a..b@mail.com", "mail@mail.com\r\nBcc: x@y.z",
        ] {
            #expect(throws: ValueError.invalidEmail(bad)) { try EmailAddress.validate(bad) }
        }
    }
}

/// The spellings Czech and German bands use, read in both notations: (typed, English reading, German reading).
@Suite struct KeyNotationTests {
    @Test(arguments: [
        // Unambiguous: the same in both notations.
        ("H", "B major", "B major"), ("Hm", "B minor", "B minor"), ("Hmi", "B minor", "B minor"), ("Ami", "A minor", "A minor"),
        ("Dmi", "D minor", "D minor"), ("Fis", "F# major", "F# major"), ("Fism", "F# minor", "F# minor"),
        ("Cis", "C# major", "C# major"), ("As", "Ab major", "Ab major"), ("Es", "Eb major", "Eb major"),
        ("Ges", "Gb major", "Gb major"), ("Es-dur", "Eb major", "Eb major"), ("es-moll", "Eb minor", "Eb minor"),
        ("Am", "A minor", "A minor"), ("A-", "A minor", "A minor"), ("Amin", "A minor", "A minor"),
        ("A minor", "A minor", "A minor"), ("h-moll", "B minor", "B minor"), ("Dmin", "D minor", "D minor"),
        ("B-dur", "Bb major", "Bb major"), ("b-moll", "Bb minor", "Bb minor"), ("H-dur", "B major", "B major"),
        ("Bb", "Bb major", "Bb major"), ("B♭ minor", "Bb minor", "Bb minor"), ("F#m", "F# minor", "F# minor"),
        ("Hes", "Bb major", "Bb major"), ("Ais", "A# major", "A# major"), ("Esmi", "Eb minor", "Eb minor"),
        ("Des dur", "Db major", "Db major"), ("Cm", "C minor", "C minor"), ("cm", "C minor", "C minor"),
        ("CM", "C major", "C major"), ("Ebmaj", "Eb major", "Eb major"), (" fis-moll ", "F# minor", "F# minor"),
        // Ambiguous: B, and a lowercase letter alone.
        ("B", "B major", "Bb major"), ("Bm", "B minor", "Bb minor"), ("B major", "B major", "Bb major"),
        ("a", "A major", "A minor"), ("fis", "F# major", "F# minor"), ("h", "B major", "B minor"),
        ("b", "B major", "Bb minor"), ("es", "Eb major", "Eb minor"), ("c", "C major", "C minor"),
    ])
    func readsInBothNotations(text: String, english: String, german: String) throws {
        #expect(try MusicalKey.parse(text, notation: .english).description == english)
        #expect(try MusicalKey.parse(text, notation: .german).description == german)
    }

    @Test(arguments: [
        ("C major", "C major", "C dur"), ("C minor", "C minor", "c moll"), ("B major", "B major", "H dur"),
        ("Bb minor", "B♭ minor", "b moll"), ("Bb major", "B♭ major", "B dur"), ("F# major", "F♯ major", "Fis dur"),
        ("F# minor", "F♯ minor", "fis moll"), ("Eb major", "E♭ major", "Es dur"), ("Eb minor", "E♭ minor", "es moll"),
        ("Ab major", "A♭ major", "As dur"), ("Db major", "D♭ major", "Des dur"), ("Gb minor", "G♭ minor", "ges moll"),
        ("C# minor", "C♯ minor", "cis moll"), ("B minor", "B minor", "h moll"), ("E# major", "E♯ major", "Eis dur"),
        ("B# major", "B♯ major", "His dur"), ("Cb major", "C♭ major", "Ces dur"),
    ])
    func printsInBothNotations(canonical: String, english: String, german: String) throws {
        let key = try MusicalKey.parse(canonical)
        #expect(key.spelled(in: .english) == english)
        #expect(key.spelled(in: .german) == german)
    }

    /// Every key printed in either notation reads back as the same key in that notation, and the
    /// canonical form (what files hold) reads back with the English parser.
    @Test func everySpellingReadsBack() throws {
        for tonic in [
            "C", "C#", "Cb", "D", "D#", "Db", "E", "E#", "Eb", "F", "F#", "Fb", "G", "G#", "Gb", "A", "A#", "Ab", "B", "B#", "Bb",
        ] {
            for mode in MusicalKey.Mode.allCases {
                let key = try #require(MusicalKey(tonic: tonic, mode: mode))
                #expect(MusicalKey(parsing: key.description) == key)
                for notation in KeyNotation.allCases {
                    #expect(MusicalKey(parsing: key.spelled(in: notation), notation: notation) == key, "\(key) in \(notation)")
                }
            }
        }
    }

    @Test func notationSettingIsRead() {
        #expect(Library().notation == .english)
        #expect(Library(settings: Settings(notation: "german")).notation == .german)
        #expect(KeyNotation(parsing: " German ") == .german)
        #expect(KeyNotation(parsing: "czech") == nil)
    }
}
