import ArgumentParser
import Foundation
import SetlistCore
import SetlistExchange

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a playlist to a .plsts file that band members import with `setlist import`.",
        discussion: """
            The file holds the playlist's songs with every detail, its breaks, and the originals the \
            songs were copied from, so members get the songs they lack. Its format is in docs/plsts.md. \
            The export time comes from SOURCE_DATE_EPOCH when it is set, so the same playlist gives \
            the same file.

            Examples:
              setlist export Concert.plsts     # the playlist "Concert" to Concert.plsts
              setlist export "Můj koncert"     # to "Můj koncert.plsts"
              setlist export -o -              # the current playlist to standard output
              setlist export Concert --format app   # for band members on the original iOS app
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one). A name ending in .plsts names the file too.", completion: .playlists)
    var playlist: String?
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "The file to write; - writes to standard output (default: the playlist's name with .plsts).", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("setlist (the default: every detail, breaks and originals) or app (a .plsts the original iOS app imports).", valueName: "format"))
    var format: PlstsFlavour = .setlist

    func run() throws {
        let library = try libraryOptions.load()
        let request = try PlstsExportRequest(
            playlist: playlist, output: output, in: library, date: DocumentDate.now(environment: context.environment), flavour: format)
        if request.isStandardOutput { return context.output.write(request.export.data) }
        try request.write(to: context.url(for: request.path))
        say("Exported '\(request.export.playlist.name)' (\(Show.count(request.export.playlist.copies.count, "song"))) to \(request.path).")
        say("Band members import it with `setlist import \(ShellWord.asNeeded(request.path))`.")
    }
}

extension PlstsFlavour: ExpressibleByArgument {}
