import Foundation

/// `share --to all` to a band of six members reading six parts, a 30-song setlist with charts,
/// against one songbook of the same setlist: each part's PDFs are laid out once, so six parts
/// should cost at most three songbooks (docs/performance.md).
enum MemberShareBenchmark {
    static let library = "parts"
    static let playlist = "Zpěvník 30"
    static let charts = "parts-charts"
    /// The members and their parts: six different ones.
    static let members: [(name: String, part: String)] = [
        ("Kytara", "capo 2"), ("Saxofon", "Eb"), ("Trubka", "Bb"), ("Lesní roh", "F"), ("Zpěv", "lyrics"), ("Basa", "numbers"),
    ]

    /// The first 30 of the songbook's charts, imported into `work/parts` a tone up, and the six
    /// members with their parts.
    static func prepare(setlist: String, work: URL) throws {
        try SongbookBenchmark.prepare(setlist: setlist, work: work, count: 30, charts: charts, library: library, playlist: playlist)
        let base = ["--library", work.appendingPathComponent(library).path]
        for (index, member) in members.enumerated() {
            try Shell.run(
                setlist, base + ["add-contact", member.name, "member\(index)@example.com", "--part", member.part], what: "adding a member")
        }
    }
}

extension Plan {
    /// `share --to all` written to a folder (a message each), against one songbook.
    func memberShareComparison() -> Comparison {
        let out = work.appendingPathComponent("out")
        let folder = out.appendingPathComponent("member-share").path + "/"
        let library = MemberShareBenchmark.library, playlist = MemberShareBenchmark.playlist
        let share = setlist(library, ["share", playlist, "--to", "all", "--from", "leader@example.com", "--eml", folder])
        let songbook = setlist(library, ["pdf", playlist, "--songbook", "-o", out.appendingPathComponent("parts-songbook.pdf").path])
        return Comparison(
            section: "share --to all, six members in six parts, 30 charts: ≤ 3× one songbook", library: library,
            command: "share --to all (6 parts, long PDF + songbook each)", subject: share, referenceName: "pdf --songbook",
            reference: songbook, ratioBudget: 3)
    }
}
