import Testing

@testable import SetlistModel

/// A member's part (``Part``): the written key and the chords a player of each part expects.
@Suite struct PartTests {
    /// A chart of I IV V7 vi in a major key (i iv V7 VI in a minor one) in `key`, and a song in
    /// that key carrying it.
    static func song(in key: MusicalKey, chart text: String? = nil) throws -> SongFields {
        let chords = try #require(progression[key.description]).split(separator: " ")
        let body = text ?? "[\(chords[0])]One [\(chords[1])]two [\(chords[2])]three [\(chords[3])]four"
        return SongFields(name: "Song", key: key, chart: try #require(try Chart(text: body, key: key)))
    }

    /// The chords of the six keys the hand table starts from.
    static let progression = [
        "C major": "C F G7 Am", "G major": "G C D7 Em", "F major": "F Bb C7 Dm", "D major": "D G A7 Bm",
        "Bb major": "Bb Eb F7 Gm", "E minor": "Em Am B7 C",
    ]

    /// Written by hand, as players of each part read the song (the written key, then the chords).
    static let handWritten: [(part: String, sounding: String, written: String, chords: String)] = [
        ("Bb", "C major", "D major", "D G A7 Bm"), ("Bb", "G major", "A major", "A D E7 F#m"),
        ("Bb", "F major", "G major", "G C D7 Em"), ("Bb", "D major", "E major", "E A B7 C#m"),
        ("Bb", "Bb major", "C major", "C F G7 Am"), ("Bb", "E minor", "F# minor", "F#m Bm C#7 D"),
        ("Eb", "C major", "A major", "A D E7 F#m"), ("Eb", "G major", "E major", "E A B7 C#m"),
        ("Eb", "F major", "D major", "D G A7 Bm"), ("Eb", "D major", "B major", "B E F#7 G#m"),
        ("Eb", "Bb major", "G major", "G C D7 Em"), ("Eb", "E minor", "C# minor", "C#m F#m G#7 A"),
        ("F", "C major", "G major", "G C D7 Em"), ("F", "G major", "D major", "D G A7 Bm"),
        ("F", "F major", "C major", "C F G7 Am"), ("F", "D major", "A major", "A D E7 F#m"),
        ("F", "Bb major", "F major", "F Bb C7 Dm"), ("F", "E minor", "B minor", "Bm Em F#7 G"),
        ("capo 2", "C major", "Bb major", "Bb Eb F7 Gm"), ("capo 2", "G major", "F major", "F Bb C7 Dm"),
        ("capo 2", "F major", "Eb major", "Eb Ab Bb7 Cm"), ("capo 2", "D major", "C major", "C F G7 Am"),
        ("capo 2", "Bb major", "Ab major", "Ab Db Eb7 Fm"), ("capo 2", "E minor", "D minor", "Dm Gm A7 Bb"),
        ("capo 5", "C major", "G major", "G C D7 Em"), ("capo 5", "G major", "D major", "D G A7 Bm"),
        ("capo 5", "F major", "C major", "C F G7 Am"), ("capo 5", "D major", "A major", "A D E7 F#m"),
        ("capo 5", "Bb major", "F major", "F Bb C7 Dm"), ("capo 5", "E minor", "B minor", "Bm Em F#7 G"),
        ("numbers", "C major", "C major", "1 4 5⁷ 6m"), ("numbers", "Bb major", "Bb major", "1 4 5⁷ 6m"),
        ("numbers", "E minor", "E minor", "1m 4m 5⁷ ♭6"),
    ]

    /// The chords of a shown chart, in order.
    static func chords(_ shown: ShownChart) -> [String] {
        ChartLine.lines(of: shown.chart).flatMap { line -> [String] in
            guard case .lyrics(let segments) = line else { return [] }
            return segments.compactMap(\.chord)
        }
    }

    @Test(arguments: handWritten)
    func aPlayerReadsWhatTheyExpect(part: String, sounding: String, written: String, chords: String) throws {
        let part = try #require(Part(parsing: part))
        let key = try #require(MusicalKey(parsing: sounding))
        #expect(part.writtenKey(key) == MusicalKey(parsing: written))
        let shown = try #require(ShownChart(try Self.song(in: key), notation: .english, part: part))
        #expect(Self.chords(shown) == chords.split(separator: " ").map(String.init))
        #expect(shown.key == MusicalKey(parsing: written))
    }

    /// The issue's own example: a song in C major reads A major for alto sax, D major for tenor
    /// sax, G major for horn; the heading names the part and both keys.
    @Test func theHeadingNamesThePartAndBothKeys() throws {
        let c = try #require(MusicalKey(parsing: "C major"))
        let spell = { (key: MusicalKey) in key.spelled(in: .english) }
        #expect(Part.transposing(.eFlat).heading(sounding: c, spell) == "E♭ part · written in A major · sounds C major")
        #expect(Part.transposing(.bFlat).heading(sounding: c, spell) == "B♭ part · written in D major · sounds C major")
        #expect(Part.transposing(.f).heading(sounding: c, spell) == "F part · written in G major · sounds C major")
        #expect(Part.capo(5).heading(sounding: c, spell) == "Capo 5 · G major shapes · sounds C major")
        #expect(Part.numbers.heading(sounding: c, spell) == "Numbers · 1 is C major")
        #expect(Part.lyrics.heading(sounding: c, spell) == "Lyrics · C major")
        #expect(Part.concert.heading(sounding: c, spell) == nil)
        #expect(Part.transposing(.eFlat).heading(sounding: nil, spell) == "E♭ part")
    }

    /// Every part in every key: the written key is the sounding one moved by the part, spelled
    /// with the fewest accidentals as `setlist transpose` spells keys; each chord is the note the
    /// part reads, on the letter its degree gives; numbers are the same in every key; the words
    /// part has no chords.
    @Test(arguments: Part.all)
    func everyPartInEveryKey(part: Part) throws {
        let letters: [Character] = ["C", "D", "E", "F", "G", "A", "B"]
        let letterPitches = [0, 2, 4, 5, 7, 9, 11]
        for mode in MusicalKey.Mode.allCases {
            for pitch in 0..<12 {
                let key = MusicalKey(pitchClass: pitch, mode: mode)
                let written = part.writtenKey(key)
                let shift = part.writtenShift
                #expect(written.pitchClass == ((pitch + shift) % 12 + 12) % 12, "\(part) \(key)")
                #expect(written.mode == mode)
                #expect(written == MusicalKey(pitchClass: written.pitchClass, mode: mode), "\(part) \(key): \(written)")
                // I IV V7 vi (i iv V7 VI) by degree: letters and semitones from the tonic.
                let degrees =
                    mode == .major
                    ? [(0, 0, ""), (3, 5, ""), (4, 7, "7"), (5, 9, "m")] : [(0, 0, "m"), (3, 5, "m"), (4, 7, "7"), (5, 8, "")]
                let tonicLetter = letters.firstIndex(of: key.tonic.first!)!
                let names = degrees.map { letter, semitones, quality -> String in
                    let l = (tonicLetter + letter) % 7, p = (pitch + semitones) % 12
                    let up = ((p - letterPitches[l]) % 12 + 12) % 12
                    return String(letters[l]) + (up == 1 ? "#" : up == 11 ? "b" : "") + quality
                }
                // Only keys whose chords are spelled without double accidentals.
                guard names.allSatisfy({ !$0.contains("##") }) else { continue }
                let text = zip(names, ["One ", "two ", "three ", "four"]).map { "[\($0)]\($1)" }.joined()
                let song = SongFields(name: "S", key: key, chart: try Chart(text: text, key: key))
                let shown = try #require(ShownChart(song, notation: .english, part: part))
                let chords = Self.chords(shown)
                switch part {
                case .lyrics:
                    #expect(chords.isEmpty)
                    #expect(shown.chart.text == "One two three four\n")
                case .numbers:
                    #expect(chords == (mode == .major ? ["1", "4", "5⁷", "6m"] : ["1m", "4m", "5⁷", "♭6"]), "\(key)")
                default:
                    #expect(shown.key == written, "\(part) \(key)")
                    let writtenLetter = letters.firstIndex(of: written.tonic.first!)!
                    for (chord, degree) in zip(chords, degrees) {
                        let parsed = try #require(Chord(chord), "\(part) \(key): \(chord)")
                        #expect(parsed.root == (written.pitchClass + degree.1) % 12, "\(part) \(key): \(chord)")
                        // The letter of its degree, unless that would be E♯, B♯, C♭ or F♭ (``ChordSpelling``).
                        let letter = (writtenLetter + degree.0) % 7
                        let off = ((parsed.root - letterPitches[letter]) % 12 + 12) % 12
                        let plain = off == 0 || (off == 1 && ![2, 6].contains(letter)) || (off == 11 && ![0, 3].contains(letter))
                        #expect(!plain || parsed.rootNote.letter == letter, "\(part) \(key): \(chord)")
                        #expect(parsed.quality == degree.2)
                    }
                }
            }
        }
    }

    @Test func numbersCountFromTheKeyInForce() throws {
        let text = """
            [C]One [F/A]two [Bb]three [G/B]four [Am7]five [Dsus4]six
            {key: D}
            [D]Up [G]a [D/F#]tone [C]flat
            {comment: Then [A7] again}
            """
        let chart = try #require(try Chart(text: text, key: MusicalKey(parsing: "C")))
        let numbered = chart.numbered()
        #expect(numbered.lines[0] == "[1]One [4/6]two [♭7]three [5/7]four [6m7]five [2sus4]six")
        #expect(numbered.lines[2] == "[1]Up [4]a [1/3]tone [♭7]flat")
        #expect(numbered.lines[3] == "{comment: Then [5⁷] again}")
        // The same chart moved: the same numbers.
        let song = SongFields(name: "S", key: MusicalKey(parsing: "E"), chart: chart)
        let shown = try #require(ShownChart(song, notation: .english, part: .numbers))
        #expect(shown.chart.lines[0] == numbered.lines[0])
        // German chords read the German way: H is 7 in C, B is ♭7, a small letter is minor.
        let german = try #require(try Chart(text: "[C]a [H7]b [B]c [a]d [Fis]e", key: MusicalKey(parsing: "C"), notation: .german))
        #expect(german.numbered().lines == ["[1]a [7⁷]b [♭7]c [6m]d [♯4]e"])
        // No key anywhere: the key the chords read as.
        let keyless = try #require(try Chart(text: "[G]a [C]b [D]c [Em]d [G]e", key: nil))
        #expect(keyless.numbered().lines == ["[1]a [4]b [5]c [6m]d [1]e"])
    }

    @Test(arguments: [
        ("C", "[C]One [F/A]two [Bb]three [G/B]four [Ab]five [E7]six [D/F#]seven [Eb]eight [C#dim7]nine"),
        ("A minor", "[Am]One [Dm/F]two [G]three [E7/G#]four [F]five [Bb]six [C#dim7]seven [Ebmaj7]eight [B7]nine"),
    ])
    func theNumbersPartIsTheSameInEveryKeyTheSongIsPlayedIn(written: String, chords: String) throws {
        let key = try #require(MusicalKey(parsing: written))
        let chart = try #require(
            try Chart(text: chords + "\n{key: " + key.transposed(by: 2).description + "}\n[D]Up [G/B]a [Bb]flat", key: key))
        let numbered = chart.numbered()
        for pitchClass in 0..<12 {
            let played = MusicalKey(pitchClass: pitchClass, mode: key.mode)
            let song = SongFields(name: "S", key: played, chart: chart)
            let shown = try #require(ShownChart(song, notation: .english, part: .numbers))
            // The numbers as written, whatever the key (no E♯ or B♭♭ respelled into odd numbers) …
            #expect(shown.chart.lines[0] == numbered.lines[0], "played in \(played)")
            #expect(shown.chart.lines[2] == numbered.lines[2], "played in \(played)")
            // … and the key change named in the key played, a tone above it.
            let change = shown.chart.lines[1].dropFirst("{key:".count).dropLast().trimmingCharacters(in: .whitespaces)
            #expect(MusicalKey(parsing: change) == played.transposed(by: 2), "played in \(played): \(shown.chart.lines[1])")
        }
    }

    @Test func theLyricsPartHasTheWordsAlone() throws {
        let text = """
            {title: x}
            [G] [D] [Em]
            {start_of_chorus}
            [G]Hel[D]lo [Em]world
            {end_of_chorus}
            {comment: Slow [D] here}
            {start_of_tab}
            e|---0---|
            {end_of_tab}
            Last line
            """
        let chart = try #require(try Chart(text: text, key: MusicalKey(parsing: "G")))
        #expect(
            chart.wordsOnly().lines == [
                "{title: x}", "{start_of_chorus}", "Hello world", "{end_of_chorus}", "{comment: Slow  here}", "Last line",
            ])
    }

    @Test func partsAreReadAsPeopleTypeThem() throws {
        for (typed, part) in [
            ("concert", Part.concert), ("Bb", .transposing(.bFlat)), ("B♭", .transposing(.bFlat)), ("b-flat", .transposing(.bFlat)),
            ("EB", .transposing(.eFlat)), ("f", .transposing(.f)), ("capo 2", .capo(2)), ("Capo5", .capo(5)), ("capo-11", .capo(11)),
            ("Lyrics", .lyrics), ("numbers", .numbers), ("nashville", .numbers),
        ] {
            #expect(Part(parsing: typed) == part, "\(typed)")
            #expect(Part(parsing: part.description) == part)
        }
        for bad in ["capo 0", "capo 12", "capo", "A", "tuba", ""] {
            #expect(Part(parsing: bad) == nil, "\(bad)")
            #expect(throws: ValueError.invalidPart(bad)) { try Part.parse(bad) }
        }
    }
    /// The table the band page is given says what the rules say, for every part.
    @Test func thePagesTableFollowsTheRules() throws {
        #expect(Part.table.count == Part.all.count)
        for (entry, part) in zip(Part.table, Part.all) {
            #expect(Part(parsing: entry.value) == part)
            #expect(entry.shift == part.writtenShift && entry.name == part.name)
            #expect(entry.reads == (part == .lyrics ? "none" : part == .numbers ? "numbers" : "chords"))
        }
        // The heading with its keys left for the page to name: filled in, the model's own.
        #expect(Part.table[2].heading == "E♭ part · written in {written} · sounds {sounds}")
        #expect(Part.table[0].heading == "")
        for (entry, part) in zip(Part.table, Part.all) where part != .concert {
            for mode in MusicalKey.Mode.allCases {
                for pitch in 0..<12 {
                    let key = MusicalKey(pitchClass: pitch, mode: mode)
                    let filled = entry.heading.replacingOccurrences(of: "{written}", with: part.writtenKey(key).spelled(in: .german))
                        .replacingOccurrences(of: "{sounds}", with: key.spelled(in: .german))
                    #expect(filled == part.heading(sounding: key) { $0.spelled(in: .german) }, "\(part) \(key)")
                }
            }
        }
        #expect(Part.table[2] == PartTableEntry(.transposing(.eFlat)))
        #expect(Part.table[2].shift == 9 && Part.table[2].value == "Eb")
    }
}
