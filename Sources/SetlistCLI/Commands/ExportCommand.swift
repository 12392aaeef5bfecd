import ArgumentParser
import Foundation
import SetlistExchange
import SetlistModel
import SetlistSpreadsheet

struct ExportCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a playlist to a .plsts file that band members import with `setlist import`.",
        discussion: """
            The file holds the playlist's songs with every detail, its breaks, and the originals the \
            songs were copied from, so members get the songs they lack. Its format is in docs/plsts.md. \
            The export time comes from SOURCE_DATE_EPOCH when it is set, so the same playlist gives \
            the same file.

            With --format, the playlist is written for people and other programs instead: csv (a \
            spreadsheet row per song, with its position and set; `setlist import-songs FILE --to NAME` \
            reads it back), text (numbered titles with authors, each set's length and the total, for a \
            chat message; the same text `share` puts in its email) or markdown (a table per set).

            Examples:
              setlist export Concert.plsts     # the playlist "Concert" to Concert.plsts
              setlist export "Můj koncert"     # to "Můj koncert.plsts"
              setlist export -o -              # the current playlist to standard output
              setlist export Concert --format app   # for members on the original iOS app
              setlist export Concert --format csv --excel
              setlist export --format text -o -
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one). A name ending in .plsts names the file too.", completion: .playlists)
    var playlist: String?
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "The file to write; - writes to standard output (default: the playlist's name with .plsts).", valueName: "file"))
    var output: String?
    @Option(
        help: ArgumentHelp(
            "setlist (a .plsts with every detail, breaks and originals), app (a .plsts the original iOS app imports), csv, text or markdown.",
            valueName: "format"))
    var format: ExportFormat = .setlist
    @Flag(help: "With --format csv: semicolons and a byte order mark, as Excel expects in most of Europe.")
    var excel = false

    func validate() throws {
        if excel && format != .csv { throw ValidationError("--excel goes with --format csv.") }
    }

    func run(_ context: CommandContext) throws {
        var references = [playlist]
        if case .plsts = format.kind { references = PlstsExportRequest.playlistReferences(playlist: playlist, output: output) }
        let library = try libraryOptions.load(.playlists(matching: references), in: context)
        let flavour: PlstsFlavour
        switch format.kind {
        case .plsts(let chosen): flavour = chosen
        case .sheet(let sheetFormat): return try exportSheet(sheetFormat, from: library, in: context)
        }
        var revision: Revision?
        let request = try PlstsExportRequest(
            playlist: playlist, output: output, in: library, date: DocumentDate.now(environment: context.environment), flavour: flavour,
            revision: { playlist in
                guard flavour == .setlist else { return nil }
                revision = playlist.revisionToday(in: context)
                return revision?.number
            })
        // The app's format has no charts: said, so that nobody counts on them on an iPhone.
        if flavour == .app, case let charts = request.export.playlist.copies.filter({ $0.fields.chart != nil }).count, charts > 0 {
            context.note(
                "the original app keeps no chord charts: \(Show.count(charts, "chart")) of this setlist \(charts == 1 ? "is" : "are") left out (`--format setlist` keeps them)."
            )
        }
        if request.isStandardOutput {
            context.output.write(request.export.data)
        } else {
            try request.write(to: context.url(for: request.path))
            context.say(
                "Exported '\(request.export.playlist.name)' (\(Show.count(request.export.playlist.copies.count, "song"))) to \(request.path)."
            )
            context.say("Band members import it with `setlist import \(ShellWord.asNeeded(request.path))`.")
        }
        // The app's documents carry no charts, breaks or plan: as a base, a reply would seem to
        // have removed them.
        if let revision {
            libraryOptions.noteShared(request.export.playlist, revision: revision, to: [], asBase: true, in: context)
        }
    }

    /// `--format csv|text|markdown`: the playlist for spreadsheets and people.
    private func exportSheet(_ sheetFormat: SheetExport.Format, from library: Library, in context: CommandContext) throws {
        let export = try SheetExport(
            playlist: playlist, format: sheetFormat, excel: excel, output: output, in: library,
            timeZone: PlanZone.local(environment: context.environment), date: DocumentDate.now(environment: context.environment))
        if export.isStandardOutput { return context.output.write(export.data) }
        try export.write(to: context.url(for: export.path))
        context.say("Exported \(export.summary) as \(format.rawValue) to \(export.path).")
    }
}

extension PlstsFlavour: ExpressibleByArgument {}

/// What `export --format` takes: a `.plsts` in one of its flavours, or a ``SheetExport/Format``.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case setlist, app, csv, text, markdown

    enum Kind { case plsts(PlstsFlavour), sheet(SheetExport.Format) }

    var kind: Kind {
        switch self {
        case .setlist: .plsts(.setlist)
        case .app: .plsts(.app)
        case .csv: .sheet(.csv)
        case .text: .sheet(.text)
        case .markdown: .sheet(.markdown)
        }
    }
}
