import ArgumentParser
import Foundation
import SetlistExchange
import SetlistModel

struct ImportCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import .plsts setlists from the band; import one again to take in the sender's update.",
        discussion: """
            A new setlist becomes a playlist and the current one. Its songs that your repertoire \
            lacks are added to the repertoire; your own songs are never changed. Songs you already have (the same title and author, whatever \
            the case and accents) are linked, not added again. Importing a setlist you already have \
            updates it three-way: what only the sender changed (a key, a tempo, notes, the name, the \
            order, breaks) comes in, what only you changed stays, and where both changed the same \
            thing the sender's wins and the report names yours (--keep-mine keeps yours). Files of \
            the original iOS app are recognised by their content; a folder imports the app's \
            Documents (songs, playlists in their order, contacts). Use --dry-run to see what would change first. A bad file is refused with the reason and changes nothing.

            Examples:
              setlist import Concert.plsts
              setlist import --dry-run Concert.plsts
              setlist import Concert.plsts --rename "Concert (Pepa)"
              setlist import --keep-mine Concert.plsts
              setlist import --older Concert.plsts   # older than the last one received
              setlist import Documents/        # a folder copied from the original app
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: ArgumentHelp("The .plsts files to import; - reads standard input.", valueName: "file"))
    var files: [String] = []
    @Flag(help: "Show what importing would change, and change nothing.") var dryRun = false
    @Option(help: ArgumentHelp("Import under this name (when you already have a different playlist of the same name).", valueName: "name"))
    var rename: String?
    @Flag(help: "Replace your different playlist of the same name with the imported one.") var replace = false
    @Flag(help: "Where you and the sender both changed something, keep yours (default: the sender's, and the report names yours).")
    var keepMine = false
    @Flag(
        help:
            "Import a document exported before the one you last received of that setlist (refused otherwise: it would undo the sender's later changes)."
    )
    var older = false

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

    func run(_ context: CommandContext) throws {
        let options = ImportOptions(
            rename: try rename.map { (name) throws(ValueError) in try Text.cleanPlaylistName(name) },
            replace: replace, preference: keepMine ? .mine : .theirs, takeOlder: older)
        var isFolder: ObjCBool = false
        if files.count == 1, files[0] != "-",
            FileManager.default.fileExists(atPath: context.url(for: files[0]).path, isDirectory: &isFolder), isFolder.boolValue
        {
            return try importFolder(files[0], options: options, in: context)
        }
        let batch = try PlstsImportBatch(files: files, options: options, url: context.url(for:), standardInput: context.readInput)
        for case .setlist(let setlist) in batch.documents where setlist.version > PlstsFormat.version {
            // A newer minor version only adds fields; say so rather than leave them out unseen.
            context.note(
                "warning: \(setlist.source) is a setlist document of version \(setlist.version), made by a newer setlist; this one reads \(PlstsFormat.version) and leaves out what it does not know. Update setlist to keep all of it."
            )
        }
        let reports: [ImportReport]
        if dryRun {
            var library = try libraryOptions.load(in: context)
            reports = try batch.apply(to: &library)
        } else {
            reports = try libraryOptions.modify(in: context) { library in try batch.apply(to: &library) }
        }
        for report in reports {
            for line in report.lines(dryRun: dryRun) { context.say(line) }
        }
        if dryRun { context.say("Nothing was changed (--dry-run).") }
    }

    /// A folder copied from the original app's Documents.
    private func importFolder(_ folder: String, options: ImportOptions, in context: CommandContext) throws {
        let files = try AppFolderImport.read(context.url(for: folder), source: folder) { path, what in
            context.note("passed over \(path): it is \(what), not a file of the app.")
        }
        let report: AppFolderImport.Report
        if dryRun {
            var library = try libraryOptions.load(in: context)
            report = try AppFolderImport.apply(files, source: folder, to: &library, options: options)
        } else {
            report = try libraryOptions.modify(in: context) { library in
                try AppFolderImport.apply(files, source: folder, to: &library, options: options)
            }
        }
        for line in report.lines(dryRun: dryRun) { context.say(line) }
        if dryRun { context.say("Nothing was changed (--dry-run).") }
    }
}
