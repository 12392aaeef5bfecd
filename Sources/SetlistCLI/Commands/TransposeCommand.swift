import ArgumentParser
import SetlistModel

struct TransposeCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "transpose",
        abstract: "Move a copy's key by semitones (+2, -3) or --to a key, for another singer.",
        discussion: """
            Only the copy in the playlist changes, unless --also-original carries the new key to \
            the original. The new key is spelled as musicians write it (B♭ major, not A♯ major), \
            stays major or minor, and prints in the band's notation (`setlist config notation`).

            Examples:
              setlist transpose "Highway to Hell" +2
              setlist transpose "Můj koncert" 3 -3
              setlist transpose "Highway to Hell" --to "F minor"
              setlist transpose --all +1      # every copy with a key; lists those without
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    // Everything not an option, so that "-3" reaches the command as a move rather than being read
    // as an unknown option; words that look like other options are refused in run().
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "[PLAYLIST] SONG +N|-N: the playlist (default: current), the song (title, id or position), the semitones.",
            valueName: "playlist-song-semitones"), completion: .playlistsAndSongs)
    var words: [String] = []
    @Option(help: ArgumentHelp("Transpose to this key instead (same mode), e.g. \"F minor\".", valueName: "key")) var to: String?
    @Flag(help: "Transpose every copy of the playlist that has a key.") var all = false
    @Flag(help: "Carry the new key to the original too.") var alsoOriginal = false

    func run(_ context: CommandContext) throws {
        var words = self.words
        var semitones: Int?
        if to == nil {
            guard let last = words.popLast() else { throw ValidationError("Say how far to move, e.g. +2 or -3, or give --to KEY.") }
            semitones = try Self.semitones(last)
        }
        if let option = words.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw ValidationError(
                to == nil
                    ? "Unknown option '\(option)'; the semitones (+2, -3) come last."
                    : "Unknown option '\(option)'; with --to, give no semitones.")
        }
        if all && words.count > 1 { throw ValidationError("With --all, name only the playlist.") }
        if !all && words.isEmpty { throw ValidationError("Name the song to transpose, or give --all.") }

        let (result, notation) = try libraryOptions.modify(in: context) { library in
            let move =
                try to.map { (text) throws(ValueError) in Transposition.to(try MusicalKey.parse(text, notation: library.notation)) }
                ?? .semitones(semitones!)
            let (playlist, song): (String?, String?)
            if all {
                (playlist, song) = (words.first, nil)
            } else {
                let split = PlaylistArguments.split(words, in: library, needing: 1, inPlaylist: true)
                guard split.rest.count == 1 else {
                    throw ValidationError("Name one song (or give --all); put a title of several words in quotes.")
                }
                (playlist, song) = (split.playlist, split.rest[0])
            }
            return (try library.transpose(song, in: playlist, move, alsoOriginal: alsoOriginal), library.notation)
        }
        report(result, notation: notation, in: context)
    }

    private func report(_ result: Transposed, notation: KeyNotation, in context: CommandContext) {
        func line(_ change: Transposed.Change) -> String {
            "\(change.from.spelled(in: notation)) → \(change.to.spelled(in: notation)) (\(Self.signed(change.semitones)))"
        }
        let originals =
            !alsoOriginal
            ? ""
            : result.originalsChanged == 0 ? "" : all ? "; \(Show.count(result.originalsChanged, "original")) too" : " and its original"
        if !all, let change = result.changes.first, result.changedNothing {
            context.say(
                "Nothing changed: '\(change.name)' (song \(change.position) in '\(result.playlist)') is already in \(change.to.spelled(in: notation))."
            )
        } else if all, result.changedNothing, !result.changes.isEmpty {
            context.say("Nothing changed: every song with a key in '\(result.playlist)' is already in that key.")
        } else if !all, let change = result.changes.first {
            context.say(
                "Transposed '\(change.name)' (song \(change.position) in '\(result.playlist)'): \(line(change))"
                    + (alsoOriginal ? originals + "." : "; the original is unchanged."))
        } else {
            context.say(
                "Transposed \(Show.count(result.changes.count, "song")) in '\(result.playlist)'"
                    + (alsoOriginal ? originals : "; the originals are unchanged") + (result.changes.isEmpty ? "." : ":"))
            for change in result.changes { context.say("  \(change.position). \(change.name): \(line(change))") }
        }
        for change in result.changes {
            guard let taken = change.chartKeyTaken else { continue }
            context.note(
                "the chart of '\(change.name)' had no key: it is taken to be written in \(taken.spelled(in: notation)), the copy's key before, and now moves with it; `setlist chart \(change.position) --in \(ShellWord.asNeeded(result.playlist)) --key KEY` says another."
            )
        }
        if !result.withoutKey.isEmpty {
            context.say(
                "\(Show.count(result.withoutKey.count, "song has", plural: "songs have")) no key and stayed as \(result.withoutKey.count == 1 ? "it was" : "they were"):"
            )
            for entry in result.withoutKey {
                context.say(
                    "  \(entry.position). \(entry.copy.fields.name)"
                        + (entry.copy.fields.chart?.cannotMove == true ? " (its chart has no key either)" : ""))
            }
        }
        if result.originalsMissing > 0 {
            context.note(
                "\(Show.count(result.originalsMissing, "original was", plural: "originals were")) deleted, so only the copy changed.")
        }
    }

    /// "+2", "-3", "2": whole semitones, −11 … +11 and not 0.
    static func semitones(_ text: String) throws -> Int {
        guard text.allSatisfy({ "+-0123456789".contains($0) }), let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        else {
            throw ValidationError("'\(text)' is not a number of semitones. Give one like +2 or -3 last, or --to KEY.")
        }
        guard value != 0, (-11...11).contains(value) else {
            throw ValidationError(
                "Transpose by -11 to +11 semitones, not \(text)"
                    + (value == 0 ? " (that changes nothing)." : " (an octave changes no key)."))
        }
        return value
    }

    static func signed(_ semitones: Int) -> String { semitones > 0 ? "+\(semitones)" : "\(semitones)" }
}
