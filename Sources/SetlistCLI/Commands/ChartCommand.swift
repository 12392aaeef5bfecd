import ArgumentParser
import Foundation
import SetlistExchange
import SetlistModel
import SetlistStore
import SetlistTerminal

struct ChartCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Show a song's chord chart, or edit, set, export or remove it.",
        discussion: """
            A chart is ChordPro text: lyrics with chords in brackets before their syllables \
            ([Am]Hello [F]world), sections such as {start_of_chorus} … {end_of_chorus}, \
            {comment: …}, tabs and grids. `setlist import-songs FILE.cho` keeps a file's chart.

            With --in PLAYLIST it is the copy's chart, shown in the copy's key: moved from the key \
            it is written in, its chords spelled for the copy's key (as `setlist transpose` \
            spells keys). A chart without a key is shown as written. As with edit-song, a change \
            to the original leaves its copies as they are unless --everywhere is given; \
            --everywhere alone carries the original's chart into every copy of it.

            Examples:
              setlist chart "Highway to Hell"
              setlist chart "Highway to Hell" --in "Můj koncert"
              setlist chart "Highway to Hell" --edit
              setlist chart "Highway to Hell" --set highway.cho
              setlist chart 3 --in "Můj koncert" --export
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The song: title or id (with --in, also its position in the playlist).", completion: .songs) var song: String
    @Option(help: ArgumentHelp("The copy in this playlist instead of the original.", valueName: "playlist"), completion: .playlists)
    var `in`: String?
    @Flag(help: "Open the chart in $VISUAL or $EDITOR; saving it unchanged changes nothing.") var edit = false
    @Option(help: ArgumentHelp("Replace the chart with a ChordPro file (- reads standard input).", valueName: "file"))
    var set: String?
    @Flag(help: "Write the song as a ChordPro file (title, details and chart) to the current folder.") var export = false
    @Option(name: .shortAndLong, help: ArgumentHelp("With --export: the file to write (- for standard output).", valueName: "file"))
    var output: String?
    @Flag(help: "Print the chart as ChordPro text instead of chords over the lyrics.") var chordpro = false
    @Flag(help: "Remove the chart.") var remove = false
    @Flag(help: "Change every copy of the original too; alone, carry the original's chart into its copies.")
    var everywhere = false
    @Flag(help: "With --in: change the original's chart too.") var alsoOriginal = false

    func validate() throws {
        let actions = [edit, set != nil, export, remove, chordpro].filter { $0 }.count
        if actions > 1 { throw ValidationError("Give one of --edit, --set, --export, --remove and --chordpro.") }
        let changes = edit || set != nil || remove
        if everywhere && (`in` != nil || export || chordpro) {
            throw ValidationError("--everywhere changes the original and its copies: leave out --in, --export and --chordpro.")
        }
        if alsoOriginal && (`in` == nil || !changes) {
            throw ValidationError("--also-original goes with --in PLAYLIST and --edit, --set or --remove.")
        }
        if output != nil && !export { throw ValidationError("--output goes with --export.") }
    }

    func run(_ context: CommandContext) throws {
        if let set {
            // A file kept from the editor has the editor's header line.
            let text = ChartInput.withoutHeader(try ChartInput.read(set, in: context))
            try change(in: context) { record, notation throws(ValueError) in
                // An empty file or pipe (a mistyped name before `|`) is no chart to remove one by.
                guard let chart = try ChordProFile.chart(in: text, keyOtherwise: record.key, notation: notation) else {
                    throw .emptyChart(source: set == "-" ? "standard input" : set)
                }
                return chart.kept(forSongIn: record.key)
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
            if export { return try exportFile(record, notation: notation, in: context) }
            try show(record, notation: notation, originalHasChart: originalHasChart, in: context)
        }
    }

    // MARK: Reading

    /// The record named, the band's notation, and for a copy whether its original has a chart.
    private func find(in context: CommandContext) throws -> (record: SongFields, notation: KeyNotation, originalHasChart: Bool) {
        if let playlist = `in` {
            let library = try libraryOptions.load(.playlist(playlist, originals: true), in: context)
            let found = try library.playlist(matching: playlist)
            let copy = found.copies[try Library.position(of: song, in: found) - 1]
            let original = copy.originalID.flatMap { id in library.songs.first { $0.id == id } }
            return (copy.fields, library.notation, original?.fields.chart != nil)
        }
        let library = try libraryOptions.load(.song(withCopiesOf: song), in: context)
        return (try library.song(matching: song).fields, library.notation, false)
    }

    /// "'Highway to Hell' (song 3 in 'Concert')" or "'Highway to Hell'".
    private func place(_ record: SongFields) -> String {
        `in`.map { "'\(record.name)' in '\($0)'" } ?? "'\(record.name)'"
    }

    private func show(_ record: SongFields, notation: KeyNotation, originalHasChart: Bool, in context: CommandContext) throws {
        guard let chart = record.chart else {
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
        if record.key != nil && chart.key == nil {
            context.note("the chart of \(place(record)) has no key, so it is shown as written, not moved to the song's key.")
        }
        let shown = chart.shown(in: record.key, notation: notation)
        if chordpro { return context.output.write(shown.text) }
        let emphasis = context.outputEmphasis
        var heading = record.name + (record.author.map { " — " + $0 } ?? "")
        if let key = shown.key { heading += " · " + key.spelled(in: notation) }
        if chart.isMoved(to: record.key), let written = chart.key {
            heading += " (written in \(written.spelled(in: notation)))"
        }
        for line in context.outputWidth.map({ Cells.wrap(heading, width: $0) }) ?? [heading] { context.say(emphasis.strong(line)) }
        context.say()
        for line in ChartText.lines(of: shown, emphasis: emphasis, width: context.outputWidth, notation: notation) { context.say(line) }
    }

    private var inOption: String { `in`.map { " --in \(ShellWord.asNeeded($0))" } ?? "" }

    private func exportFile(_ record: SongFields, notation: KeyNotation, in context: CommandContext) throws {
        let data = Data(ChordProFile.text(of: record, notation: notation).utf8)
        let fileName = FileName.safe(record.name, fallback: "song") + ".cho"
        let path = output ?? fileName
        if path == "-" { return context.output.write(data) }
        // As export writes its files: atomically, a folder named refused with the file to put in it.
        try DocumentFile.write(data, to: context.url(for: path), path: path, fileName: fileName)
        let what = record.chart == nil ? "details (it has no chart)" : "details and chart"
        context.say("Wrote the \(what) of \(place(record)) to \(path).")
    }

    // MARK: Changing

    /// Sets the chart of the record named to what `chart` makes of the record and the notation.
    private func change(
        in context: CommandContext, action: String = "Changed", asked: String = "that chart",
        _ chart: (SongFields, KeyNotation) throws(ValueError) -> Chart?
    ) throws {
        func newChart(_ record: SongFields, _ notation: KeyNotation) throws -> SongEdit {
            do throws(ValueError) { return SongEdit(chart: .some(try chart(record, notation))) } catch {
                throw LibraryError.invalidValues([error])
            }
        }
        if let playlist = `in` {
            let edited = try libraryOptions.modify(in: context) { library in
                let index = try library.playlistIndex(matching: playlist)
                let position = try Library.position(of: song, in: library.playlists[index])
                let edit = try newChart(library.playlists[index].copies[position - 1].fields, library.notation)
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
        let shown = record.chart?.shown(in: record.key, notation: notation)
        let opened = ChartInput.editorText(name: record.name, key: shown?.key ?? record.key, chart: shown)
        try TextEditor.edit(opened, fileName: FileName.safe(record.name, fallback: "chart") + ".cho", in: context) { saved in
            guard saved != opened else { return context.say("Nothing changed: the chart of \(place(record)) was saved as it was.") }
            let text = ChartInput.withoutHeader(saved)
            try change(in: context) { current, notation throws(ValueError) in
                try ChordProFile.chart(in: text, keyOtherwise: current.key, notation: notation)?.kept(forSongIn: current.key)
            }
        }
    }
}
