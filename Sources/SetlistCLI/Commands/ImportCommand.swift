import ArgumentParser
import Foundation
import SetlistCore
import SetlistExchange

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import .plsts setlists from the band; import one again to take in the sender's update.",
        discussion: """
            A new setlist becomes a playlist and the current one. Its songs that your repertoire \
            lacks are added to the repertoire; your own songs are never changed. Importing a \
            setlist you already have updates it: songs the sender added, removed, moved or changed \
            follow, and the notes you wrote on its songs stay unless only the sender changed them. \
            Use --dry-run to see what would change first. A bad file is refused with the reason and changes nothing.

            Examples:
              setlist import Concert.plsts
              setlist import --dry-run Concert.plsts
              setlist import Concert.plsts --rename "Concert (Pepa)"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: ArgumentHelp("The .plsts files to import; - reads standard input.", valueName: "file"))
    var files: [String] = []
    @Flag(help: "Show what importing would change, and change nothing.") var dryRun = false
    @Option(help: ArgumentHelp("Import under this name (when you already have a different playlist of the same name).", valueName: "name"))
    var rename: String?
    @Flag(help: "Replace your different playlist of the same name with the imported one.") var replace = false

    func validate() throws {
        if files.isEmpty {
            throw ValidationError("Name the .plsts file to import, like `setlist import Concert.plsts` (- reads standard input).")
        }
        if rename != nil && files.count > 1 {
            throw ValidationError("--rename names one playlist; import the files one at a time.")
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read only once.")
        }
    }

    func run() throws {
        let options = ImportOptions(
            rename: try rename.map { (name) throws(ValueError) in try Text.cleanName(name, field: "playlist name") },
            replace: replace)
        var setlists: [SharedSetlist] = []
        var errors: [ExchangeError] = []
        for file in files {
            do {
                let data = file == "-" ? context.readInput(PlstsFormat.maximumSize + 1) : try PlstsFile.read(context.url(for: file), source: file)
                setlists.append(try PlstsDocument.read(data, source: file == "-" ? "standard input" : file))
            } catch {
                errors.append(error)
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw ExchangeError.several(errors) }

        func importAll(into library: inout Library) throws(ExchangeError) -> [ImportReport] {
            try setlists.map { (setlist) throws(ExchangeError) in try PlstsImport.apply(setlist, to: &library, options: options) }
        }
        let reports: [ImportReport]
        if dryRun {
            var library = try libraryOptions.load()
            reports = try importAll(into: &library)
        } else {
            reports = try libraryOptions.modify { library in try importAll(into: &library) }
        }
        for report in reports {
            for line in report.lines(dryRun: dryRun) { say(line) }
        }
        if dryRun { say("Nothing was changed (--dry-run).") }
    }
}
