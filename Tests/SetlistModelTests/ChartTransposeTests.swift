import Testing

@testable import SetlistModel

/// Charts moved to another key, against spellings written by hand.
@Suite struct ChartTransposeTests {
    /// The note names, from C, a chart in each key is written with: written out by hand, each
    /// note by its degree from the tonic (the key's own letters; ♭2 ♭3 ♭6 ♭7 and ♯4; in minor the
    /// raised 3, 6 and 7), not computed.
    static let handSpelled: [(key: String, names: String)] = [
        ("C major", "C Db D Eb E F F# G Ab A Bb B"),
        ("Db major", "C Db D Eb E F Gb G Ab A Bb B"),
        ("D major", "C C# D Eb E F F# G G# A Bb B"),
        ("Eb major", "C Db D Eb E F Gb G Ab A Bb B"),
        ("E major", "C C# D D# E F F# G G# A A# B"),
        ("F major", "C Db D Eb E F Gb G Ab A Bb B"),
        ("F# major", "C C# D D# E F F# G G# A A# B"),
        ("G major", "C C# D Eb E F F# G Ab A Bb B"),
        ("Ab major", "C Db D Eb E F Gb G Ab A Bb B"),
        ("A major", "C C# D D# E F F# G G# A Bb B"),
        ("Bb major", "C Db D Eb E F Gb G Ab A Bb B"),
        ("B major", "C C# D D# E F F# G G# A A# B"),
        ("C minor", "C Db D Eb E F F# G Ab A Bb B"),
        ("C# minor", "C C# D D# E F F# G G# A A# B"),
        ("D minor", "C C# D Eb E F F# G G# A Bb B"),
        ("Eb minor", "C Db D Eb E F Gb G Ab A Bb B"),
        ("E minor", "C C# D D# E F F# G G# A A# B"),
        ("F minor", "C Db D Eb E F Gb G Ab A Bb B"),
        ("F# minor", "C C# D D# E F F# G G# A A# B"),
        ("G minor", "C C# D Eb E F F# G Ab A Bb B"),
        ("G# minor", "C C# D D# E F F# G G# A A# B"),
        ("A minor", "C C# D D# E F F# G G# A Bb B"),
        ("Bb minor", "C Db D Eb E F Gb G Ab A Bb B"),
        ("B minor", "C C# D D# E F F# G G# A A# B"),
    ]

    /// The key signature's names, which a moved note falls back to where its own name would need
    /// a double sharp or flat or be E♯, B♯, C♭ or F♭ (``ChordSpelling``), are the hand table's.
    @Test(arguments: handSpelled)
    func theSignaturesNamesAreAsWrittenByHand(key: String, names: String) throws {
        let parsed = try #require(MusicalKey(parsing: key))
        #expect(ChordSpelling.names(for: parsed, notation: .english) == names.split(separator: " ").map(String.init))
    }

    /// Song lists often give a minor song by its relative major: Wonderwall's chart, written in
    /// F♯ minor, is played as written for the song listed in A major, and a tone up in a copy
    /// in B major. (Moved by the tonics, it came out a minor third too high.)
    @Test func aChartInTheRelativeMinorIsPlayedAsWritten() throws {
        let chart = try #require(try Chart(text: "[F#m7]Today is [A]gonna be the [Esus4]day [B7sus4]x", key: MusicalKey(parsing: "F#m")))
        let song = try #require(MusicalKey(parsing: "A")), copy = try #require(MusicalKey(parsing: "B"))
        #expect(!chart.isMoved(to: song))
        #expect(chart.shown(in: song).lines == ["[F#m7]Today is [A]gonna be the [Esus4]day [B7sus4]x"])
        #expect(chart.shown(in: copy).lines == ["[G#m7]Today is [B]gonna be the [F#sus4]day [C#7sus4]x"])
        // And a chart written in the relative major of a minor song.
        let major = try #require(try Chart(text: "[C]x [Am]y [G/B]z", key: MusicalKey(parsing: "C")))
        #expect(major.shown(in: try #require(MusicalKey(parsing: "Am"))).lines == ["[C]x [Am]y [G/B]z"])
        #expect(major.shown(in: try #require(MusicalKey(parsing: "Bm"))).lines == ["[D]x [Bm]y [A/C#]z"])
        // Kept for the song, the chart takes the song's key, so a copy moves it as the copy's key
        // moved: a tone up from A major, and from C written for a song listed in C minor.
        #expect(chart.kept(forSongIn: song).key == song)
        #expect(chart.kept(forSongIn: song).shown(in: copy).lines == ["[G#m7]Today is [B]gonna be the [F#sus4]day [C#7sus4]x"])
        let parallel = try #require(try Chart(text: "[C]x [Am]y [G]z", key: MusicalKey(parsing: "C"))).kept(
            forSongIn: MusicalKey(parsing: "Cm"))
        #expect(parallel.shown(in: MusicalKey(parsing: "Dm")).lines == ["[D]x [Bm]y [A]z"])
        #expect(
            chart.kept(forSongIn: try #require(MusicalKey(parsing: "Bb"))).key == MusicalKey(parsing: "F#m"), "another key: kept as written"
        )
    }

    /// The qualities musicians write, worked by hand from G major to Bb major (+3).
    @Test func qualitiesAndWhatIsNoChordAreKept() throws {
        let chart = try #require(
            try Chart(
                text: """
                    {start_of_chorus: Refrain}
                    [G]Sing [Em7]out, [Cmaj7]loud [D7sus4]now [D7]
                    [Am7b5]Low, [B7(#9)]high, [Gadd9/B]walk [C6/9]on, [F#dim7]yes, [D+]up
                    [N.C.]Stop! [x]hit [*Coda]then [(G)]maybe [Aha]no
                    {end_of_chorus}
                    {start_of_tab}
                    e|--3--[G]--|
                    {end_of_tab}
                    {start_of_grid}
                    | G . Em . | C . D/F# . |
                    {end_of_grid}
                    # [G] a writer's note
                    """, key: MusicalKey(parsing: "G major")))
        #expect(
            chart.shown(in: MusicalKey(parsing: "Bb major")).lines == [
                "{start_of_chorus: Refrain}",
                "[Bb]Sing [Gm7]out, [Ebmaj7]loud [F7sus4]now [F7]",
                "[Cm7b5]Low, [D7(#9)]high, [Bbadd9/D]walk [Eb6/9]on, [Adim7]yes, [F+]up",
                "[N.C.]Stop! [x]hit [*Coda]then [(Bb)]maybe [Aha]no",
                "{end_of_chorus}",
                "{start_of_tab}",
                "e|--3--[G]--|",
                "{end_of_tab}",
                "{start_of_grid}",
                "| Bb . Gm . | Eb . F/A . |",
                "{end_of_grid}",
                "# [G] a writer's note",
            ])
    }

    /// German notation: H is B and B is B♭, read and written so; a German chart is kept and
    /// shown in its own key as its author wrote it, and to an English reader with English names.
    @Test func germanNotationReadsAndWritesHAndB() throws {
        let chart = try #require(try Chart(text: "[H7]eins [B]zwei [Hm/D]drei", key: MusicalKey(parsing: "E major"), notation: .german))
        #expect(chart.shown(in: MusicalKey(parsing: "E major"), notation: .german).lines == ["[H7]eins [B]zwei [Hm/D]drei"], "as written")
        #expect(
            chart.shown(in: MusicalKey(parsing: "E major")).lines == ["[B7]eins [Bb]zwei [Bm/D]drei"], "in English names, not respelled")
        #expect(
            chart.shown(in: MusicalKey(parsing: "D major"), notation: .german).lines == ["[A7]eins [As]zwei [Am/C]drei"]
                || chart.shown(in: MusicalKey(parsing: "D major"), notation: .german).lines == ["[A7]eins [Ab]zwei [Am/C]drei"],
            "B♭ a tone down is A♭, its letter kept")
        #expect(chart.shown(in: MusicalKey(parsing: "F# major"), notation: .german).lines == ["[C#7]eins [C]zwei [C#m/E]drei"])
        let english = try #require(try Chart(text: "[A]la [E]le", key: MusicalKey(parsing: "A major")))
        #expect(english.shown(in: MusicalKey(parsing: "C major"), notation: .german).lines == ["[C]la [G]le"])
        #expect(english.shown(in: MusicalKey(parsing: "B major"), notation: .german).lines == ["[H]la [F#]le"])
    }

    /// Czech and German charts write Fis, Cis, Es and As; where the rest does not read as a
    /// quality (Asus4, Esus4) the letter stands alone. ChordPro reads such names in English
    /// notation too (Dutch charts write them, and Bes for B♭).
    @Test func germanNamesOfSharpsAndFlatsAreRead() throws {
        let cases: [(String, Int, String, Int?)] = [
            ("Fis", 6, "", nil), ("Cism", 1, "m", nil), ("Gis7", 8, "7", nil), ("Es", 3, "", nil), ("As7", 8, "7", nil),
            ("Des", 1, "", nil), ("Asus4", 9, "sus4", nil), ("Esus4", 4, "sus4", nil), ("A/Fis", 9, "", 6), ("Hmi", 11, "mi", nil),
            ("Bes", 10, "", nil),
        ]
        for (text, root, quality, bass) in cases {
            let chord = try #require(Chord(text, notation: .german), "\(text)")
            #expect(chord.root == root && chord.quality == quality && chord.bass == bass, "\(text)")
        }
        // Small letters are minor chords there: a, fis, h7, es.
        for (text, root, quality) in [("a", 9, "m"), ("fis", 6, "m"), ("h7", 11, "m7"), ("es", 3, "m"), ("cis7", 1, "m7")] {
            let chord = try #require(Chord(text, notation: .german), "\(text)")
            #expect(chord.root == root && chord.quality == quality, "\(text)")
        }
        #expect(Chord("am", notation: .german) == nil, "a small letter with m is no chord")
        for (text, root) in [("Fis", 6), ("Cis", 1), ("Bes", 10), ("Es", 3), ("As", 8)] {
            #expect(Chord(text, notation: .english)?.root == root, "\(text) in English notation")
        }
        #expect(Chord("a", notation: .english) == nil)
        let chart = try #require(
            try Chart(text: "[E]Jdu [Cismi]dál [Fis]a [H7]zpět", key: MusicalKey(parsing: "E major"), notation: .german))
        #expect(chart.shown(in: MusicalKey(parsing: "G major"), notation: .german).lines == ["[G]Jdu [Emi]dál [A]a [D7]zpět"])
        #expect(chart.shown(in: MusicalKey(parsing: "F major"), notation: .german).lines == ["[F]Jdu [Dmi]dál [G]a [C7]zpět"])
        #expect(chart.shown(in: MusicalKey(parsing: "F# major"), notation: .german).lines == ["[F#]Jdu [Dismi]dál [Gis]a [C#7]zpět"])
        #expect(chart.shown(in: MusicalKey(parsing: "E major")).lines == ["[E]Jdu [C#m]dál [F#]a [B7]zpět"], "in English names")
    }

    /// A chart typed in German notation is kept as typed, with its notation; each reader sees it
    /// in their own notation, moved or not, with a key or without.
    @Test func aChartTypedInGermanReadsTheSameInEnglish() throws {
        let typed = "{key: F}\n[F]Ein [B]Lied [C7]in [d]F\n"
        let chart = try #require(ChordProFile.read(text: typed, notation: .german, band: .english).chart)
        #expect(chart.lines == ["[F]Ein [B]Lied [C7]in [d]F"] && chart.notation == .german)
        #expect(chart.shown(in: MusicalKey(parsing: "F major")).lines == ["[F]Ein [Bb]Lied [C7]in [Dm]F"])
        #expect(chart.shown(in: MusicalKey(parsing: "F major"), notation: .german).lines == ["[F]Ein [B]Lied [C7]in [d]F"])
        #expect(chart.shown(in: MusicalKey(parsing: "G major"), notation: .german).lines == ["[G]Ein [C]Lied [D7]in [e]F"])
        // An English chart of B natural is H to a German reader, without a key too.
        let english = try #require(try Chart(text: "[B]la [E]le", key: nil))
        #expect(english.shown(in: nil, notation: .german).lines == ["[H]la [E]le"])
        #expect(english.shown(in: nil).lines == ["[B]la [E]le"])
        let back = try #require(
            ChordProFile.read(
                text: "{meta: notation german}\n" + english.shown(in: nil, notation: .german).text, notation: nil, band: .english
            )
            .chart)
        #expect(
            back.notation == .german && back.shown(in: nil).lines == english.lines, "what a German reader saves of it is what was there")
    }

    /// A `{key}` after the song's own is a key change: it stays in the chart, moves with the
    /// chords, and the chords after it are spelled for the key it names; one naming the key in
    /// force says nothing and goes; one that is no key is refused with its line.
    @Test func aKeyChangeStaysMovesAndSpellsTheChordsAfterIt() throws {
        let text = "{title: Love}\n{key: C}\n[C]Love [F]is [G]all\n{key: C}\n{key: Eb}\n[Eb]a[Ab]round [Bb]now [Cm]yeah\n"
        let chart = try #require(ChordProFile.read(text: text, notation: nil, band: .english).chart)
        #expect(chart.key == MusicalKey(parsing: "C major"))
        #expect(chart.lines == ["[C]Love [F]is [G]all", "{key: Eb}", "[Eb]a[Ab]round [Bb]now [Cm]yeah"])
        let moved = chart.shown(in: MusicalKey(parsing: "E major"))
        #expect(moved.lines == ["[E]Love [A]is [B]all", "{key: G}", "[G]a[C]round [D]now [Em]yeah"])
        // Up a tone from D: the change to F spells its chords with flats, not as A#.
        let d = chart.shown(in: MusicalKey(parsing: "D major"))
        #expect(d.lines == ["[D]Love [G]is [A]all", "{key: F}", "[F]a[Bb]round [C]now [Dm]yeah"])
        #expect(ChartLine.lines(of: d)[1] == .keyChange(try #require(MusicalKey(parsing: "F major"))))
        #expect(ChartLine.lines(of: d)[1].commentText(notation: .german) == "Key: F dur")
        #expect(ChartLine.monospaced(ChartLine.lines(of: d))[2].text == "(Key: F major)")
        #expect(
            ChordProFile.read(text: "{key: C}\n[C]la\n\n{key: Q}\n", notation: nil, band: .english).problems == [
                .invalidChartKey(line: 4, text: "Q")
            ])
    }

    /// A chart with no key, or a record with none, shows the chart as written.
    @Test func aChartWithoutAKeyIsNeverMoved() throws {
        let chart = try #require(try Chart(text: "[C]la", key: nil))
        #expect(chart.shown(in: MusicalKey(parsing: "D major")) == chart)
        #expect(!chart.isMoved(to: MusicalKey(parsing: "D major")))
        let keyed = try #require(try Chart(text: "[C]la", key: MusicalKey(parsing: "C major")))
        #expect(keyed.shown(in: nil) == keyed)
        #expect(keyed.shown(in: MusicalKey(parsing: "C minor")).lines == ["[C]la"], "the same tonic is not moved")
    }

    @Test func textIsNormalizedAndControlCharactersNamed() throws {
        let chart = try #require(try Chart(text: "\r\n\n[C]la  \r\n\tx\r\n\n", key: nil))
        #expect(chart.lines == ["[C]la", "\tx"])
        #expect(try Chart(text: " \n\n", key: nil) == nil)
        #expect(throws: ValueError.controlCharacter(field: "chart (line 2)", scalar: "\u{1B}")) {
            try Chart(text: "a\nb\u{1B}[31m", key: nil)
        }
    }

    @Test func chordsSitOverTheirSyllablesInAFixedWidthFont() {
        func laid(_ line: String) -> [String] {
            let (chords, lyrics) = ChartSegment.monospaced(ChartSegment.segments(of: line))
            return [chords, lyrics].compactMap { $0 }
        }
        #expect(laid("[Am]Hello [F]world") == ["Am    F", "Hello world"])
        #expect(laid("Sing [G]it [D7sus4][C]now") == ["     G  D7sus4 C", "Sing it        now"])
        #expect(laid("no chords here") == ["no chords here"])
        #expect(laid("[C]") == ["C", ""])
    }

    /// Fitted to a terminal: a long line goes on below with its chords, a line of chords alone
    /// is kept, comments wrap in their brackets, headings and tab lines are cut.
    @Test func aChartFitsATerminalWithoutPartingChordsFromTheirSyllables() throws {
        let chart = try #require(
            try Chart(
                text:
                    "{soc: A very long chorus heading}\n[Am]There's a lady who's [C]sure\n{eoc}\n[G] [D]\n{c: Slowly, then all together}\n{sot}\ne|-0-1-2-3-4-5-6-7-8-|\n{eot}",
                key: nil))
        let laid = ChartLine.monospaced(ChartLine.lines(of: chart), width: 20).map(\.indented)
        #expect(
            laid == [
                "A very long chorus …", "  Am", "  There's a lady", "        C", "  who's sure", "G D",
                "(Slowly, then all", "together)", "Tab", "e|-0-1-2-3-4-5-6-7-…",
            ])
        #expect(
            ChartLine.monospaced(ChartLine.lines(of: chart)).map(\.indented)[1...2] == [
                "  Am                   C", "  There's a lady who's sure",
            ])
    }

    /// A narrow terminal breaks a line where a word ends and never inside a chord's name
    /// (Wonderwall at 40 columns came out as "E" / "sus4" over "g" / "onna").
    @Test func aLineBreaksBetweenWordsAndKeepsChordNamesWhole() throws {
        let chart = try #require(
            try Chart(text: "[F#m7]Today is [A]gonna be the day that they're [Esus4]gonna throw it back to [B7sus4]you", key: nil))
        let laid = ChartLine.monospaced(ChartLine.lines(of: chart), width: 40).map(\.indented)
        #expect(
            laid == [
                "F#m7     A", "Today is gonna be the day that they're", "Esus4                  B7sus4", "gonna throw it back to you",
            ])
        // A word wider than the line is cut where it must be, its chord kept whole.
        let long = try #require(try Chart(text: "[Cmaj7]" + String(repeating: "x", count: 30), key: nil))
        #expect(
            ChartLine.monospaced(ChartLine.lines(of: long), width: 12).map(\.indented) == [
                "Cmaj7", "xxxxxxxxxxxx", "xxxxxxxxxxxx", "xxxxxx",
            ])
    }

    @Test func linesAreReadForShowing() throws {
        let chart = try #require(
            try Chart(text: "{soc}\n[C]la\n{eoc}\n\n{c: Slowly}\n{chorus}\n{sot: Intro}\ne|-0-|\n{eot}\n{new_page}\n# hidden", key: nil))
        #expect(
            ChartLine.lines(of: chart) == [
                .sectionStart(.chorus, label: "Chorus"), .lyrics([ChartSegment(chord: "C", text: "la")]), .sectionEnd(.chorus), .blank,
                .comment("Slowly"), .comment("Chorus"), .sectionStart(.tab, label: "Intro"), .verbatim("e|-0-|"), .sectionEnd(.tab),
            ])
    }
}
