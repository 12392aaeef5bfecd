import Foundation
import SetlistMail
import SetlistModel
import SetlistSupport

/// Commands of the form `add [PLAYLIST] SONG...`: the leading playlist is optional. The first word
/// is taken as the playlist when more words follow than the command needs and it names a playlist,
/// or names nothing else at all (so the error speaks of a missing playlist). A word that names a
/// song of the repertoire — even ambiguously, so the error lists the candidates — is a song; with
/// `inPlaylist`, a position or a song of the current playlist is one too (`remove 3 5`).
enum PlaylistArguments {
    static func split(_ words: [String], in library: Library, needing rest: Int, inPlaylist: Bool = false) -> (
        playlist: String?, rest: [String]
    ) {
        guard words.count > rest, let first = words.first else { return (nil, words) }
        if library.hasPlaylist(named: first) || !namesSomething(first, in: library, inPlaylist: inPlaylist) {
            return (first, Array(words.dropFirst()))
        }
        return (nil, words)
    }

    /// `add`: like ``split(_:in:needing:inPlaylist:)``, but a first word that names both a playlist
    /// and a song is refused with both ways to write what was meant (`--to` names the playlist).
    static func splitForAdd(_ words: [String], in library: Library, needing rest: Int) throws -> (playlist: String?, rest: [String]) {
        guard words.count > rest, let first = words.first else { return (nil, words) }
        if library.hasPlaylist(named: first) && library.namesSong(first) {
            let quoted = words.map(SetlistBody.shellQuoted)
            let current = (try? library.playlist(matching: nil))?.name
            let intoCurrent = "setlist add --to \(current.map(SetlistBody.shellQuoted) ?? "PLAYLIST") " + quoted.joined(separator: " ")
            throw CLIError(
                """
                '\(first)' names both a playlist and a song. Write which you mean:
                  setlist add --to \(quoted[0]) \(quoted.dropFirst().joined(separator: " "))    # into the playlist '\(first)'
                  \(intoCurrent)    # the song '\(first)' too, into \(current.map { "'\($0)'" } ?? "a playlist")
                """)
        }
        if library.hasPlaylist(named: first) || !namesSomething(first, in: library, inPlaylist: false) {
            return (first, Array(words.dropFirst()))
        }
        return (nil, words)
    }

    /// Whether `word` names a song of the repertoire (or, with `inPlaylist`, a position or copy in
    /// the current playlist), uniquely or not.
    private static func namesSomething(_ word: String, in library: Library, inPlaylist: Bool) -> Bool {
        if library.namesSong(word) { return true }
        guard inPlaylist else { return false }
        if Int(Text.trimmedSpaces(word)) != nil { return true }
        guard let current = try? library.playlist(matching: nil) else { return false }
        do {
            _ = try Library.position(of: word, in: current)
            return true
        } catch {
            if case .copyNotFound = error { return false }
            return true
        }
    }
}

/// The JSON of one playlist for `show --json`.
struct PlaylistJSON: JSONWritable {
    struct Entry: JSONWritable {
        var position: Int
        var set: String?
        var copy: SongCopy
        /// Fields where the copy differs from its original; nil when the original is gone.
        var differs: [SongField]?
    }
    struct Break {
        var after: Int
        var label: String
    }
    var id: String
    var name: String
    var current: Bool
    var count: Int
    var totalLength: Int
    var songs: [Entry]
    var breaks: [Break]
    /// The plan and the times it gives; absent without one.
    var plan: PlanJSON?

    /// - Parameter clock: the clock of a plan for the reader (``CommandContext/planClock(_:)``).
    init(_ playlist: Playlist, in library: Library, clock: (ShowPlan) -> PlanClock) {
        id = playlist.id
        name = playlist.name
        current = library.currentPlaylistID == playlist.id
        count = playlist.copyCount
        totalLength = playlist.totalLength
        plan = playlist.plan.map { PlanJSON(playlist, clock($0)) }
        let sets = playlist.sets
        songs = sets.flatMap { set in
            set.entries.map { entry in
                Entry(
                    position: entry.position, set: set.label, copy: entry.copy,
                    differs: library.differences(of: entry.copy)?.sorted())
            }
        }
        // From the items, so that a break with no songs before the next one (left when a set's
        // songs were removed) still reports the song it follows.
        var position = 0
        breaks = playlist.items.compactMap { item in
            switch item {
            case .song:
                position += 1
                return nil
            case .setBreak(let label): return Break(after: position, label: label)
            }
        }
    }
}

extension PlaylistJSON {
    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("breaks") { writer in
                writer.array(breaks) { writer, item in
                    writer.object { writer in
                        writer.member("after", item.after)
                        writer.member("label", item.label)
                    }
                }
            }
            writer.member("count", count)
            writer.member("current") { $0.boolean(current) }
            writer.member("id", id)
            writer.member("name", name)
            writer.member("plan", plan)
            writer.member("songs", songs)
            writer.member("totalLength", totalLength)
        }
    }
}

extension PlaylistJSON.Entry {
    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("copy") { copy.write(json: &$0) }
            writer.member("differs", differs)
            writer.member("position", position)
            writer.member("set", set)
        }
    }

}
