import ArgumentParser
import Foundation
import SetlistExchange
import SetlistModel
import SetlistStore
import SetlistTerminal

struct ChartCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Show a song's chord chart, or edit, set, export or remove it, or say its key or notation.",
        discussion: """
            A chart is ChordPro text: lyrics with chords in brackets before their syllables \
            ([Am]Hello [F]world), sections such as {start_of_chorus} … {end_of_chorus}, \
            {comment: …}, tabs and grids. `setlist import-songs FILE.cho` keeps a file's chart.

            With --in PLAYLIST it is the copy's chart, shown in the copy's key: moved from the key \
            it is written in, each chord keeping its letters (D/F# up a tone is E/G#), as \
            `setlist transpose` moves keys. As with edit-song, a change to the original leaves its \
            copies as they are unless --everywhere is given; --everywhere alone carries the \
            original's chart into every copy of it.

            The key a chart is written in is its {key}; else the song's key when the chart is set; \
            else, for a song without a key, the key its chords are in, which setlist says once. \
            --key KEY says the key it is written in, without moving its chords. A chart with no \
            key is shown as written, and transpose, pdf --songbook and live name it.

            The notation of a chart (german: H is B and B is B♭, as in Hmi, Fis, Es; or english) \
            is found when it is set: {meta: notation german} in the file or --notation says it, \
            else its chords do (an H or a mi minor means german, a Bb or A# without H english). It \
            is kept with the chart, which every member sees in their own notation \
            (`setlist config notation`); --notation alone says it anew for a chart read wrongly. \
            A {capo: N} stays with the chart: its chords are shown as the shapes played with it, \
            under the key that sounds.

            Examples:
              setlist chart "Highway to Hell"
              setlist chart "Highway to Hell" --in "Můj koncert"
              setlist chart "Highway to Hell" --edit
              setlist chart "Highway to Hell" --set highway.cho
              setlist chart "Okolo Hradce" --set okolo.cho --notation german
              setlist chart "Highway to Hell" --key A
              setlist chart 3 --in "Můj koncert" --export
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song: title or id (with --in, also its position in the playlist).", completion: .songs) var song: String
    @Option(help: ArgumentHelp("The copy in this playlist instead of the original.", valueName: "playlist"), completion: .playlists)
    var `in`: String?
    @Flag(help: "Open the chart in $VISUAL or $EDITOR; saving it unchanged changes nothing.") var edit = false
    @Option(help: ArgumentHelp("Replace the chart with a ChordPro file (- reads standard input).", valueName: "file"))
    var set: String?
    @Option(help: ArgumentHelp("The key the chart is written in; its chords stay as they are.", valueName: "key"))
    var key: String?
    @Option(
        help: ArgumentHelp("The notation the chart's chords are written in: german (H is B, B is B♭) or english.", valueName: "notation"))
    var notation: KeyNotation?
    @Flag(help: "Write the song as a ChordPro file (title, details and chart) to the current folder.") var export = false
    @Option(name: .shortAndLong, help: ArgumentHelp("With --export: the file to write (- for standard output).", valueName: "file"))
    var output: String?
    @Flag(help: "Print the chart as ChordPro text instead of chords over the lyrics.") var chordpro = false
    @Flag(help: "Remove the chart.") var remove = false
    @Flag(help: "Change every copy of the original too; alone, carry the original's chart into its copies.")
    var everywhere = false
    @Flag(help: "With --in: change the original's chart too.") var alsoOriginal = false

    /// Whether --key or --notation is given without --set: the chart's key or notation is said anew.
    private var setsProperties: Bool { self.set == nil && (key != nil || notation != nil) }

    func validate() throws {
        let actions = [edit, set != nil, export, remove, chordpro, setsProperties].filter { $0 }.count
        if actions > 1 { throw ValidationError("Give one of --edit, --set, --key or --notation, --export, --remove and --chordpro.") }
        let changes = edit || set != nil || remove || setsProperties
        if everywhere && (`in` != nil || export || chordpro) {
            throw ValidationError("--everywhere changes the original and its copies: leave out --in, --export and --chordpro.")
        }
        if alsoOriginal && (`in` == nil || !changes) {
            throw ValidationError("--also-original goes with --in PLAYLIST and --edit, --set, --key, --notation or --remove.")
        }
        if output != nil && !export { throw ValidationError("--output goes with --export.") }
    }

    func run(_ context: CommandContext) throws {
        if let set {
            // A file kept from the editor has the editor's header line.
            let text = ChartInput.withoutHeader(try ChartInput.read(set, in: context))
            try change(in: context) { record, band in
                // An empty file or pipe (a mistyped name before `|`) is no chart to remove one by.
                try chart(from: text, for: record, band: band, source: set == "-" ? "standard input" : set, in: context)
            }
        } else if setsProperties {
            try change(in: context, asked: "that \(key != nil ? "key" : "notation")") { record, band in
                guard var chart = record.chart else {
                    throw CLIError("\(place(record)) has no chart to give a key or notation. Add one with --edit or --set FILE.cho.")
                }
                if let key { chart.key = try MusicalKey.parse(key, notation: band) }
                if let notation { chart.notation = notation }
                return chart
            }
        } else if remove {
            try change(in: context, action: "Removed", asked: "no chart") { _, _ in nil }
        } else if everywhere {
            // The original's chart as it is, into every copy.
            try change(in: context) { original, _ in original.chart }
        } else if edit {
            try editChart(in: context)
        } else {
            let (record, notation, originalHasChart) = try find(in: context)
            if export { return try exportFile(record, in: context) }
            try show(record, notation: notation, originalHasChart: originalHasChart, in: context)
        }
    }

    /// The chart of ChordPro `text` for `record`: read (every problem refused at once), its key
    /// settled (``Chart/settled(forSongIn:)``) and said when read from its chords.
    private func chart(from text: String, for record: SongFields, band: KeyNotation, source: String?, in context: CommandContext) throws
        -> Chart?
    {
        let reading = ChordProFile.read(text: text, notation: notation, band: band)
        guard reading.problems.isEmpty else { throw LibraryError.invalidValues(reading.problems) }
        guard var chart = reading.chart else {
            if let source { throw LibraryError.invalidValues([.emptyChart(source: source)]) }
            return nil
        }
        if let key { chart.key = try MusicalKey.parse(key, notation: band) }
        for note in reading.notes(place: source ?? "the chart", band: band) { context.note(note) }
        let (settled, inferred) = chart.settled(forSongIn: record.key)
        if let inferred { context.note(Chart.inferredKeyNote(song: record.name, key: inferred, notation: band, playlist: `in`)) }
        return settled.kept(forSongIn: record.key)
    }

    // MARK: Reading

    /// The record named, the band's notation, and for a copy whether its original has a chart.
    private func find(in context: CommandContext) throws -> (record: SongFields, notation: KeyNotation, originalHasChart: Bool) {
        if let playlist = `in` {
            let library = try libraryOptions.load(.playlist(playlist, originals: true), in: context)
            let copy = try library.copy(matching: song, inPlaylist: playlist)
            return (copy.fields, library.notation, library.original(of: copy)?.fields.chart != nil)
        }
        let library = try libraryOptions.load(.song(withCopiesOf: song), in: context)
        return (try library.song(matching: song).fields, library.notation, false)
    }

    /// "'Highway to Hell' (song 3 in 'Concert')" or "'Highway to Hell'".
    private func place(_ record: SongFields) -> String {
        `in`.map { "'\(record.name)' in '\($0)'" } ?? "'\(record.name)'"
    }

    private func show(_ record: SongFields, notation: KeyNotation, originalHasChart: Bool, in context: CommandContext) throws {
        guard let shown = ShownChart(record, notation: notation) else {
            if originalHasChart {
                // The chart was given to the original after the copy was made.
                context.say(
                    "\(place(record)) has no chart, but its original has: `setlist chart \(ShellWord.asNeeded(record.name)) --everywhere` carries it into every copy."
                )
            } else {
                context.say(
                    "\(place(record)) has no chart. Add one with `setlist chart \(ShellWord.asNeeded(song))\(inOption) --edit` or --set FILE.cho."
                )
            }
            return
        }
        if shown.cannotMove {
            context.note(ShownChart.unmovedNote(song: record.name, playlist: `in`, record: record, notation: notation))
        }
        if chordpro { return context.output.write(ChartInput.chordPro(shown, notation: notation)) }
        let emphasis = context.outputEmphasis
        var heading = record.name + (record.author.map { " — " + $0 } ?? "")
        if let capo = shown.capo {
            if let sounding = record.key ?? record.chart?.soundingKey { heading += " · " + sounding.spelled(in: notation) }
            heading += " · capo \(capo)" + (shown.key.map { ": " + $0.spelled(in: notation) + " shapes" } ?? "")
        } else if let key = shown.key {
            heading += " · " + key.spelled(in: notation)
        }
        if let written = shown.writtenIn { heading += " (written in \(written.spelled(in: notation)))" }
        for line in context.outputWidth.map({ Cells.wrap(heading, width: $0) }) ?? [heading] { context.say(emphasis.strong(line)) }
        context.say()
        for line in ChartText.lines(of: shown.chart, emphasis: emphasis, width: context.outputWidth, notation: notation) {
            context.say(line)
        }
    }

    private var inOption: String { `in`.map { " --in \(ShellWord.asNeeded($0))" } ?? "" }

    private func exportFile(_ record: SongFields, in context: CommandContext) throws {
        let data = Data(ChordProFile.text(of: record).utf8)
        let fileName = FileName.safe(record.name, fallback: "song") + ".cho"
        let path = output ?? fileName
        if path == "-" { return context.output.write(data) }
        // As export writes its files: atomically, a folder named refused with the file to put in it.
        try DocumentFile.write(data, to: context.url(for: path), path: path, fileName: fileName)
        let what = record.chart == nil ? "details (it has no chart)" : "details and chart"
        context.say("Wrote the \(what) of \(place(record)) to \(path).")
    }

    // MARK: Changing

    /// Sets the chart of the record named to what `chart` makes of the record and the band's
    /// notation.
    private func change(
        in context: CommandContext, action: String = "Changed", asked: String = "that chart",
        _ chart: (SongFields, KeyNotation) throws -> Chart?
    ) throws {
        func newChart(_ record: SongFields, _ notation: KeyNotation) throws -> SongEdit {
            do { return SongEdit(chart: .some(try chart(record, notation))) } catch let error as ValueError {
                throw LibraryError.invalidValues([error])
            }
        }
        if let playlist = `in` {
            let edited = try libraryOptions.modify(in: context) { library in
                let edit = try newChart(try library.copy(matching: song, inPlaylist: playlist).fields, library.notation)
                return try library.editCopy(song, in: playlist, edit, alsoOriginal: alsoOriginal)
            }
            context.reportEdit(edited, action: action, changed: "the chart", asked: asked)
        } else {
            let edited = try libraryOptions.modify(.song(withCopiesOf: song), in: context) { library in
                let edit = try newChart(try library.song(matching: song).fields, library.notation)
                return try library.editSong(song, edit, everywhere: everywhere)
            }
            context.reportEdit(edited, action: action, changed: "the chart", asked: asked, everywhere: everywhere, copiesKeep: "theirs")
        }
    }

    /// Opens the chart, as the record shows it, in the user's editor; saves what the editor saved
    /// unless it is what was opened.
    private func editChart(in context: CommandContext) throws {
        let (record, notation, _) = try find(in: context)
        let opened = ChartInput.editorText(record, notation: notation)
        try TextEditor.edit(opened, fileName: FileName.safe(record.name, fallback: "chart") + ".cho", in: context) { saved in
            guard saved != opened else { return context.say("Nothing changed: the chart of \(place(record)) was saved as it was.") }
            let text = ChartInput.withoutHeader(saved)
            try change(in: context) { current, band in try chart(from: text, for: current, band: band, source: nil, in: context) }
        }
    }
}
