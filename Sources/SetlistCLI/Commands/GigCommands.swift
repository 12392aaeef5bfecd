import ArgumentParser
import Foundation
import SetlistModel
import SetlistSpreadsheet
import SetlistSupport

struct GigsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "gigs", abstract: "List the gigs played (the gig log), oldest first.",
        discussion: """
            `setlist live` logs each gig as it is played; `setlist gig --add` logs one by hand. \
            `setlist gig N` shows one, `setlist gig N --report` lists its works for a \
            collecting society.
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    /// `gigs --json`: one entry per gig.
    struct Listing: JSONWritable {
        var number: Int
        var id: String
        var date: String
        var started: String?
        var playlist: String
        var playlistID: String?
        var venue: String?
        var count: Int
        var length: Int?

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("count", count)
                writer.member("date", date)
                writer.member("id", id)
                writer.member("length", length)
                writer.member("number", number)
                writer.member("playlist", playlist)
                writer.member("playlistID", playlistID)
                writer.member("started", started)
                writer.member("venue", venue)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        let gigs = try libraryOptions.load(.gigs, in: context).gigs
        if json {
            return context.printJSON(
                gigs.enumerated().map { index, gig in
                    Listing(
                        number: index + 1, id: gig.id, date: gig.date, started: gig.started, playlist: gig.playlist,
                        playlistID: gig.playlistID, venue: gig.venue, count: gig.songs.count, length: gig.length)
                })
        }
        guard !gigs.isEmpty else {
            context.say(
                "No gigs logged yet. `setlist live` logs the songs played; `setlist gig --add PLAYLIST --date DAY` logs a gig by hand.")
            return
        }
        var table = Table([
            ("#", .right), ("Date", .left), ("Setlist", .text), ("Venue", .text), ("Songs", .right), ("Length", .right), ("ID", .left),
        ])
        table.leftOutWhenNarrow = ["ID", "Venue"]
        for (index, gig) in gigs.enumerated() {
            table.add([
                "\(index + 1)", gig.date, ControlCharacters.printable(gig.playlist), ControlCharacters.printable(gig.venue ?? ""),
                "\(gig.songs.count)", Show.length(gig.length), Identifier.short(gig.id),
            ])
        }
        context.say(table.render(for: context))
    }
}

struct GigCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "gig", abstract: "Show one gig of the log, log one by hand, remove one, or report its works.",
        discussion: """
            A gig is named by its number in `setlist gigs` (1 the oldest), its day (2026-03-14) \
            or its id; without one, the last gig.

            --add logs a gig played without stage mode: every song of the setlist as it stands \
            now (with --played, only those), on --date (a day, or a day and time in your time \
            zone). --played without --add adds songs of its setlist to a gig logged already: \
            those stage mode could not save (it prints the command). --report lists the \
            works performed (title, author, length) with the date and venue, as a collecting \
            society (OSA, GEMA, SUISA, PRS) asks for them.

            Examples:
              setlist gig --add "Koncert" --date 2026-03-14 --venue "Lucerna, Praha"
              setlist gig 3 --report --format csv > osa-2026-03-14.csv
              setlist gig 2026-03-14 --remove
              setlist gig 3 --played 4,5
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The gig: its number, day or id (default: the last one).") var gig: String?
    @Option(help: ArgumentHelp("Log a gig played from this setlist as it stands now.", valueName: "playlist"), completion: .playlists)
    var add: String?
    @Option(help: ArgumentHelp("With --add: the day, or day and time, of the gig.", valueName: "date")) var date: String?
    @Option(help: ArgumentHelp("With --add: where it was played.", valueName: "venue")) var venue: String?
    @Option(
        help: ArgumentHelp(
            "Only these songs of the setlist were played (with --add), or add them to the gig: positions, titles or ids, separated by commas.",
            valueName: "songs"))
    var played: String?
    @Flag(help: "Remove the gig from the log (`setlist undo` puts it back).") var remove = false
    @Flag(help: "List the works performed, for a collecting society.") var report = false
    @Option(help: ArgumentHelp("With --report: how to print the works.", valueName: "format")) var format: ReportFormat = .text
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case text, csv }

    func validate() throws {
        if add != nil {
            if gig != nil { throw ValidationError("--add logs a new gig; leave out the gig \(gig!).") }
            if remove || report || json { throw ValidationError("--add goes alone with --date, --venue and --played.") }
            if date == nil { throw ValidationError("--add needs --date, the day of the gig (2026-03-14).") }
        } else {
            if date != nil || venue != nil { throw ValidationError("--date and --venue go with --add PLAYLIST.") }
            if remove && gig == nil { throw ValidationError("--remove needs the gig to remove: its number, day or id.") }
            if remove && (report || json || played != nil) { throw ValidationError("--remove goes alone.") }
            if played != nil && (report || json) { throw ValidationError("--played adds songs to the gig; leave out --report and --json.") }
        }
        if let played, Self.references(played).isEmpty {
            throw ValidationError("--played needs songs: positions, titles or ids, like --played 3,4.")
        }
        if format != .text && !report { throw ValidationError("--format goes with --report.") }
        if report && json { throw ValidationError("--report prints text or CSV; leave out --json.") }
    }

    /// `gig --json`: the gig's record and its number.
    struct Details: JSONWritable {
        var number: Int
        var gig: Gig

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("gig", gig)
                writer.member("number", number)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        if let add { return try addGig(from: add, context) }
        if let played { return try addPlayed(played, context) }
        if remove {
            let removed = try libraryOptions.modify(.gigs, in: context) { library in try library.removeGig(gig!) }
            context.say("Removed gig \(removed.number): \(Show.gig(removed.gig)) (`setlist undo` puts it back).")
            return
        }
        let library = try libraryOptions.load(.gigs, in: context)
        let numbered = try library.numberedGig(matching: gig)
        let chosen = numbered.gig
        if report {
            switch format {
            case .csv: context.output.write(GigReport.csv(chosen))
            case .text: context.say(GigReport.text(chosen))
            }
            return
        }
        if json { return context.printJSON(Details(number: numbered.number, gig: chosen)) }
        let zone = PlanZone.local(environment: context.environment)
        context.say("Gig \(numbered.number): \(Show.gig(chosen))")
        if let started = chosen.started.flatMap(DateText.date(fromISO8601:)) {
            context.say("Started:   \(DateText.local(started, timeZone: zone).prefix(16))")
        }
        context.say("Songs:     \(Show.count(chosen.songs.count, "song"))" + (chosen.length.map { ", \(SongLength.format($0))" } ?? ""))
        context.say("ID:        \(chosen.id)")
        guard !chosen.songs.isEmpty else { return }
        context.say()
        var table = Table([("#", .right), ("Name", .text), ("Author", .text), ("Length", .right), ("Came on", .left), ("On for", .right)])
        table.leftOutWhenNarrow = ["Author", "Came on"]
        for (number, song) in chosen.songs.enumerated() {
            let came = song.started.flatMap(DateText.date(fromISO8601:)).map {
                String(DateText.local($0, timeZone: zone).dropFirst(11).prefix(5))
            }
            table.add([
                "\(number + 1)", ControlCharacters.printable(song.name), ControlCharacters.printable(song.author ?? ""),
                Show.length(song.length), came ?? "", Show.length(song.shown),
            ])
        }
        context.say(table.render(for: context))
    }

    private func addGig(from playlist: String, _ context: CommandContext) throws {
        let zone = PlanZone.local(environment: context.environment)
        let day = try GigDate(parsing: date!, field: "--date", zone: zone)
        // A gig to come would count as played in `songs --sort last-played` and --not-played-since.
        let today = GigDate(moment: Date(), zone: zone).day
        if day.day > today {
            throw CLIError("--date: \(day.day) is after today (\(today)); log a gig once it is played.")
        }
        let logged = try libraryOptions.modify(.gigFrom(playlist: playlist), in: context) { library in
            let chosen = try library.playlist(matching: playlist)
            guard !chosen.copies.isEmpty else { throw CLIError("'\(chosen.name)' has no songs, so there is no gig to log.") }
            return try library.logGig(from: playlist, date: day, venue: venue, played: played.map(Self.references))
        }
        context.say("Logged gig \(logged.number): \(Show.gig(logged.gig)), \(Show.count(logged.gig.songs.count, "song")).")
    }

    /// `gig N --played 3,4`: songs stage mode could not log, added to the gig from its setlist.
    private func addPlayed(_ played: String, _ context: CommandContext) throws {
        let references = Self.references(played)
        // The gig's setlist is found by its id, read with the log.
        let setlist = try libraryOptions.load(.gigs, in: context).gig(matching: gig).playlistID
        let logged = try libraryOptions.modify(.gigFrom(playlist: setlist), in: context) { library in
            try library.addPlayed(references, toGig: gig)
        }
        context.say("Gig \(logged.number): \(Show.gig(logged.gig)) now has \(Show.count(logged.gig.songs.count, "song")).")
    }

    /// "3,4,Příběh": the songs named, one between each comma.
    static func references(_ text: String) -> [String] {
        text.split(separator: ",").map { Text.trimmedSpaces(String($0)) }.filter { !$0.isEmpty }
    }
}
