import SetlistModel
import SetlistStore
import SetlistSupport

/// How fields are shown in tables and details.
enum Show {
    static func length(_ seconds: Int?) -> String { seconds.map(SongLength.format) ?? "" }
    static func key(_ key: MusicalKey?, _ notation: KeyNotation) -> String { key?.spelled(in: notation) ?? "" }
    static func bpm(_ bpm: Int?) -> String { bpm.map(String.init) ?? "" }

    /// "1 song", "3 songs": a count and its noun, plural (`noun` + "s" unless given) but for 1.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// "12 songs, 48:10 (1 song without a length)": ``PlaylistSummary``.
    static func summary(count: Int, total: Int, unknown: Int) -> String {
        PlaylistSummary.text(count: count, total: total, unknown: unknown)
    }

    /// A gig as every command names it: "2026-03-14 'Koncert' at Lucerna".
    static func gig(_ gig: Gig) -> String {
        "\(gig.date) '\(ControlCharacters.printable(gig.playlist))'" + (gig.venue.map { " at \(ControlCharacters.printable($0))" } ?? "")
    }

    /// What an undo or redo did to each file: "put back songs.json; removed gigs/….json".
    static func files(of outcome: UndoOutcome, written: String) -> String {
        let removed = Set(outcome.removed)
        return [(outcome.paths.filter { !removed.contains($0) }, written), (outcome.removed, "removed")]
            .filter { !$0.0.isEmpty }
            .map { "\($0.1) \($0.0.joined(separator: ", "))" }
            .joined(separator: "; ")
    }
}
