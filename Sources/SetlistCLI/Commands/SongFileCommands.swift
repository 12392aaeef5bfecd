import ArgumentParser
import Foundation
import SetlistModel
import SetlistSpreadsheet

struct ImportSongsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import-songs",
        abstract: "Add songs from spreadsheets (CSV), ChordPro files or other apps' files to the repertoire.",
        discussion: """
            CSV files need a header row naming the columns, in English or Czech and as other apps \
            write them: title/name/song/název, author/artist/by/interpret, length/duration/délka \
            (seconds, m:ss, h:mm:ss or 4m05s), key/tónina, bpm/tempo, notes/poznámky, also with SONG or \
            TRACK before them (SONG ARTIST); case and accents don't matter. Other columns are listed \
            and ignored, and one whose header names a song field (a second artist column, "Main Key") \
            is named in a warning with the --columns list that reads it. Name the columns of a file \
            without such a header with --columns; a first row that names them is taken for a header \
            and shown. Commas, semicolons (Excel in Czech or German) and tabs are told apart by \
            themselves; a file must be UTF-8 unless you name its --encoding (which a UTF-8 file ignores).

            Spreadsheets read a length such as 4:05 as a time of day and save 04:05:00: a Length \
            column holding only such times (under 24:00, no seconds) is read as minutes and seconds, \
            with a warning. Any song over an hour long is named in a warning.

            ChordPro files (.cho, .chordpro, .chopro, .crd, or any file whose content is ChordPro) give \
            the title, the artist or subtitle as author, key, tempo and duration (fractional seconds \
            are rounded), and the rest of the file (lyrics, chords, sections) is the song's chart, \
            in the file's key, else the song's, else the key its chords are in, which is said; its \
            chords in the notation they are written in (H and Hmi mean german; --notation says \
            it), and lines of chords over the lyrics become chords in the lyrics (see `setlist \
            chart`); errors name their line in the file. A folder \
            imports every song file in it, and names the folders inside it, which it does not read.

            Other apps' files are known by what they hold, whatever they are called: a SongbookPro \
            backup (.sbpbackup, .sbp), OnSong files (.onsong, or .txt that reads as OnSong), OpenSong \
            songs and sets (files without an extension), OpenLyrics songs (.xml, as OpenLP, Quelea and \
            OpenSongTablet export them) and OpenLP services (.osz). Their songs come in with their \
            charts (read as ChordPro files are, the capo kept with the chart as its shapes), keys, \
            tempos and lengths, the time signature and CCLI number at the head of the chart, and the \
            section order in the notes; SongbookPro's sets, an OpenSong set and an OpenLP service \
            each become a setlist of copies, every copy in the key and with the capo the set had (a \
            setlist of that name already there is left as it is; two sets of one name are numbered). \
            The report lists what was left out and why (deleted songs, scripture and custom slides, a \
            service's other items). Archives are read in memory within bounds, and XML with a DTD or an \
            entity of its own is refused, naming the file, line and column. An OpenLP 2.0 service \
            (.osd) and OnSong's .backup are refused with what to do instead.

            A song you already have (same title and author, whatever the case or accents) is skipped, \
            or changed to the file's values with --update. Any invalid row, or file that cannot be \
            read, stops the import, listing every problem by file and line, and nothing is changed. \
            With --skip-invalid the rest is imported: the invalid rows and files are listed and left \
            out, and of a column whose values are mostly not values setlist reads (keys such as 10A) \
            only those cells are left out.

            Examples:
              setlist import-songs repertoire.csv
              setlist import-songs --dry-run stary-seznam.csv --encoding windows-1250
              setlist import-songs setlist.csv --to "Koncert 12. 5."
              setlist import-songs --columns title,author,-,length songs.csv
              setlist import-songs --columns -,title,set gig.csv --to Gig
              setlist import-songs Songbook/
              setlist import-songs --dry-run "SongbookPro Backup.sbpbackup"
              setlist import-songs ~/OpenSong/Songs ~/OpenSong/Sets/Sunday
              setlist import-songs Sunday.osz
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: ArgumentHelp("CSV, ChordPro or other apps' files, or folders of them.", valueName: "file"))
    var files: [String] = []
    // Unconditional: a list that starts with "-" (skip the first column) is the value, not an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "What each column holds, in order: title, author, length, key, bpm, notes, set, or - to skip one.", valueName: "list"))
    var columns: String?
    @Option(
        help: ArgumentHelp(
            "The encoding of a file that is not UTF-8: \(TextDecoding.encodingNames.joined(separator: ", ")).", valueName: "name"))
    var encoding: String?
    @Flag(help: "Change songs you already have to the file's values (empty cells change nothing).") var update = false
    @Flag(help: "Import the valid rows and files and list the invalid ones, instead of importing nothing.") var skipInvalid = false
    @Option(help: ArgumentHelp("Also copy the songs into this playlist, in the file's order (created if needed).", valueName: "playlist"))
    var to: String?
    @Flag(help: "Deprecated: the chart is kept by itself now. Also puts the lyrics and chords into the notes.")
    var withLyrics = false
    @Flag(help: "Add a song whose title and author match another's but whose chart differs as a song of its own.")
    var duplicate = false
    @Flag(help: "Show what importing would do, and change nothing.") var dryRun = false
    @Option(
        help: ArgumentHelp(
            "The notation the files' keys and chords are written in: german (H is B, B is B♭) or english; by default each chart's chords tell.",
            valueName: "notation"))
    var notation: KeyNotation?

    func validate() throws {
        if files.isEmpty {
            throw ValidationError("Name the files to import, like `setlist import-songs repertoire.csv`.")
        }
    }

    func run(_ context: CommandContext) throws {
        if withLyrics {
            // Kept so that scripts go on working; the chart is where stage mode and the PDFs look.
            context.note(
                "warning: --with-lyrics is deprecated and will go: a ChordPro file's lyrics and chords are kept as the song's chart now (`setlist chart SONG`); the notes are left for your own."
            )
        }
        let library = try libraryOptions.load(changing: !dryRun, in: context)
        let batch = try SongImportBatch(
            files: files.map { ($0, context.url(for: $0)) }, columns: columns, encoding: encoding, withLyrics: withLyrics,
            update: update, skipInvalid: skipInvalid, playlist: to, notation: library.notation, duplicate: duplicate, given: notation)
        let report: SongImportReport
        if dryRun {
            var copy = library
            report = try batch.apply(to: &copy)
        } else {
            report = try libraryOptions.modify(in: context) { library in try batch.apply(to: &library) }
        }
        for warning in report.warnings { context.note("warning: " + warning) }
        for line in report.lines(dryRun: dryRun, update: update) { context.say(line) }
    }
}

struct ExportSongsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export-songs",
        abstract: "Write the repertoire as a CSV spreadsheet, or as OpenLyrics or ChordPro files.",
        discussion: """
            CSV (the default): one row per song: Title, Author, Length, Key, BPM, Notes. Excel, \
            LibreOffice and Google Sheets open it, and `setlist import-songs` reads it back to the same \
            songs. Lengths are written as 4m05s, which a spreadsheet keeps as text (4:05 it would take \
            for a time of day). Use --excel for Excel in Czech, German and other locales that expect \
            semicolons.

            --format openlyrics -o FOLDER writes one OpenLyrics 0.9 file per song (Title.xml), which \
            OpenLP, Quelea, OpenSongTablet and other OpenLyrics apps import: title, author, key, tempo, \
            the chart (in the song's key), and the length and notes as comments. --format chordpro -o \
            FOLDER writes one ChordPro file per song (Title.cho), which SongbookPro, OnSong and every \
            ChordPro app import. `setlist import-songs FOLDER` reads either back to the same songs. \
            The folder is made if needed; files of the same names in it are replaced.

            Examples:
              setlist export-songs                     # to songs.csv
              setlist export-songs -o repertoar.csv --excel
              setlist export-songs -o -                # to standard output
              setlist export-songs --format openlyrics -o OpenLyrics/
              setlist export-songs --format chordpro -o Charts/
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "The file to write (- writes to standard output; default: songs.csv), or with --format openlyrics|chordpro the folder.",
            valueName: "path"))
    var output: String?
    @Option(
        help: ArgumentHelp("csv, openlyrics (a folder of .xml files) or chordpro (a folder of .cho files).", valueName: "format"))
    var format: String = "csv"
    @Flag(help: "Semicolons and a byte order mark, as Excel expects in most of Europe.") var excel = false

    func validate() throws {
        guard format == "csv" || SongFolderExport.Format(rawValue: format) != nil else {
            throw ValidationError("--format takes csv, openlyrics or chordpro, not '\(format)'.")
        }
        if format != "csv" {
            guard let output, output != "-" else {
                throw ValidationError(
                    "--format \(format) writes one file per song: name their folder with -o, like -o \(format == "openlyrics" ? "OpenLyrics" : "Charts")/."
                )
            }
            if excel { throw ValidationError("--excel is for CSV; leave it out with --format \(format).") }
        }
    }

    func run(_ context: CommandContext) throws {
        let library = try libraryOptions.load(in: context)
        if let folderFormat = SongFolderExport.Format(rawValue: format), let output {
            let export = SongFolderExport(songsOf: library, format: folderFormat)
            try export.write(to: context.url(for: output), path: output)
            let kind = folderFormat == .openlyrics ? "OpenLyrics" : "ChordPro"
            context.say("Exported \(PlaylistSummary.songs(export.files.count)) as \(kind) files to \(output).")
            return
        }
        let export = SheetExport(songsOf: library, excel: excel, output: output)
        if export.isStandardOutput { return context.output.write(export.data) }
        try export.write(to: context.url(for: export.path))
        context.say("Exported \(export.summary) to \(export.path).")
    }
}
