import ArgumentParser
import Foundation
import SetlistModel
import SetlistPDF
import SetlistStore

struct PDFCommand: SetlistSubcommand {
    static let drawsPDFs = true

    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Print a playlist to PDF: the long version for the band, --short, --stage or --songbook.",
        discussion: """
            The long version (Concert.pdf) has every song with its author, length, key, BPM and \
            notes, a page footer and a bookmark per song. --short (Concert-short.pdf) lists titles \
            and authors with the total length, on one page for a normal concert. --stage \
            (Concert-stage.pdf) prints titles and keys in large bold type for the floor of the stage: \
            never below 24 pt, on the fewest pages that allows, every page in the same size with \
            the songs split evenly and each set's heading on the page of its first song. \
            --songbook (Concert-songbook.pdf) prints every song's chord chart in setlist order, \
            in the key of its copy, chords over their syllables, after a table of contents; a song \
            that fits on a page is never split across two. A chart that names its capo ({capo: N}) \
            is printed as its shapes, "Capo N" in its heading; with --capo N every chart's chords \
            are the shapes played with a capo on fret N, and --capo 0 prints them as they sound \
            (the heading always names the key that sounds). A chart that no key moves is named.

            --part PART prints what a member reads: Bb, Eb or F, a transposing instrument's written \
            pitch (a song in C major reads D, A or G major), "capo N" (the shapes for a capo on fret \
            N), lyrics (the words alone, larger, the chorus marked by a bar) or numbers (Nashville \
            numbers, counted from the key in force: 1 4 5 6m, 1/3, ♭7). The songbook's charts are \
            written for the part, each heading naming the part and both keys ("E♭ part · written in \
            A major · sounds C major"); the long, short and stage versions show the keys as written. \
            --for NAME prints the part of that contact (`setlist add-contact --part`), its name under \
            the title. The file's name then ends in the part (Concert-songbook-Eb.pdf).

            The file goes to the current folder unless -o names a file or a folder; -o - writes the \
            PDF to standard output. The creation date comes from SOURCE_DATE_EPOCH when it is set, \
            so the same setlist gives the same bytes.

            Examples:
              setlist pdf                  # the current playlist, long version
              setlist pdf "Koncert v Praze" --short -o ~/Desktop/
              setlist pdf --stage --paper letter -o stage.pdf
              setlist pdf --songbook --capo 2
              setlist pdf --songbook --part Eb
              setlist pdf --songbook --for "Jana"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Flag(help: "Titles and authors only, numbered, with the total length.") var short = false
    @Flag(help: "Titles and keys only, in type that reads from the floor (24 pt or larger).") var stage = false
    @Flag(help: "Every song's chord chart in its copy's key, with a table of contents.") var songbook = false
    @Option(
        help: ArgumentHelp(
            "With --songbook: chords as the shapes played with a capo on this fret (1–11; 0: as they sound).", valueName: "fret"))
    var capo: Int?
    @Option(help: ArgumentHelp("What the reader plays: " + Part.optionHelp, valueName: "part"), transform: Part.option)
    var part: Part?
    @Option(name: .customLong("for"), help: ArgumentHelp("Print the part of this contact.", valueName: "contact"), completion: .contacts)
    var member: String?
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The file or folder to write (default: the current folder); - for standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("The paper size: a4 or letter (default: a4).", valueName: "paper"), transform: PDFPaper.parse)
    var paper: PDFPaper = .a4

    func validate() throws {
        if [short, stage, songbook].filter({ $0 }).count > 1 {
            throw ValidationError("Choose one of --short, --stage and --songbook (or none, for the long version).")
        }
        if let capo {
            guard songbook else { throw ValidationError("--capo is for the songbook: add --songbook.") }
            guard (0...11).contains(capo) else { throw ValidationError("A capo goes on fret 1 to 11 (0: none), not \(capo).") }
        }
        if [capo != nil, part != nil, member != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Choose one of --capo, --part and --for: each says what the chords are written for.")
        }
    }

    func run(_ context: CommandContext) throws {
        let scope = LibraryScope.playlist(playlist, originals: false)
        let library = try libraryOptions.load(member == nil ? scope : scope.withContacts, in: context)
        let playlist = try library.playlist(matching: self.playlist)
        let style: PDFStyle = short ? .short : stage ? .stage : songbook ? .songbook : .long
        if songbook { for note in playlist.unmovedChartNotes(notation: library.notation) { context.note(note) } }
        let contact = try member.map { try library.contact(matching: $0) }
        let part = contact?.readsPart ?? self.part ?? .concert
        let data = try context.renderPDF(
            playlist, style: style, paper: paper, date: DocumentDate.now(environment: context.environment), notation: library.notation,
            capo: capo, reader: PDFReader(part: part, member: contact, footerNote: playlist.revisionToday(in: context).footer))
        if output == "-" {
            context.output.write(data)
            return
        }
        let url = destination(for: playlist, style: style, part: part, in: context)
        try PDFFile.write(data, to: url)
        let kilobytes = max(1, (data.count + 512) / 1024)
        context.say(
            "Wrote \(displayPath(url, in: context)) (\(style.rawValue) version of '\(playlist.name)'"
                + (part == .concert ? "" : ", \(part.name)") + ", \(paper.rawValue.uppercased()), \(kilobytes) KB)."
        )
    }

    /// The file to write: -o as given, or the default name inside the folder -o names (or the
    /// current folder).
    private func destination(for playlist: Playlist, style: PDFStyle, part: Part, in context: CommandContext) -> URL {
        let name = PDFFile.defaultName(for: playlist, style: style, part: part)
        guard let output, !output.isEmpty else { return context.url(for: name) }
        let url = context.url(for: output)
        var isFolder: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue) {
            return url.appendingPathComponent(name)
        }
        return url
    }

    /// The path relative to the working folder when the file is inside it.
    private func displayPath(_ url: URL, in context: CommandContext) -> String {
        let folder = context.url(for: ".").path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
    }
}
