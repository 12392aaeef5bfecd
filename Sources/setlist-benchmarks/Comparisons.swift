import Foundation
import SetlistModel

/// One measured command against its reference, with the budget from docs/performance.md.
struct Comparison {
    /// The section of the report (which budget this is).
    var section: String
    var library: String
    var command: String
    var subject: Job
    var referenceName: String
    var reference: Job
    /// The most the command may take, as a multiple of its reference.
    var ratioBudget: Double?
    /// The most memory the command may take.
    var memoryBudget: Double? = nil
    /// The most milliseconds the command may take.
    var millisecondsBudget: Double? = nil
    /// What the ratio of the times is multiplied by: the reference's pages over the command's,
    /// for a time per page.
    var ratioScale = 1.0
}

/// The commands measured, on the libraries in `work`, with `setlist` and the references.
struct Plan {
    let setlist: String
    let references: References
    let work: URL

    func library(_ name: String) -> String { work.appendingPathComponent(name).path }

    /// setlist on a library.
    func setlist(_ library: String, _ arguments: [String]) -> Job {
        Job(executable: setlist, arguments: ["--library", self.library(library)] + arguments)
    }

    /// The title `add-song` gives.
    static let newSong = "Nová píseň"

    /// Deletes the song `add-song` added, when it is there: each run then adds a song to the
    /// library as generated, instead of to one grown by every run before it (with a note per
    /// song of the same title).
    func removingNewSong(_ library: String) -> [String] {
        [
            "/bin/sh", "-c", "\"$0\" --library \"$1\" remove-song \"$2\" >/dev/null 2>&1 || true", setlist, self.library(library),
            Self.newSong,
        ]
    }

    func comparisons(sizes: [GeneratedLibrary.Size]) throws -> [Comparison] {
        var list: [Comparison] = []
        let trivial = Job(executable: references.trivial, arguments: [])
        // Every command at band size against the trivial Swift program.
        for library in ["samples"] + (sizes.contains(.band) ? ["band"] : []) {
            let playlist = library == "samples" ? "Koncert v Praze 15.2.2010" : GeneratedLibrary.evening
            let song = library == "samples" ? "f39ab410" : Identifier.short(GeneratedLibrary.id("song", 17))
            for (command, arguments, prepare) in bandCommands(library, playlist: playlist, song: song) {
                var job = setlist(library, arguments)
                job.prepare = prepare
                job.terminal = arguments.first == "live"
                let change = ["add-song", "edit-song"].contains(command)
                list.append(
                    Comparison(
                        section: "Band library: a command that reads ≤ 4×, a change ≤ 6× a trivial static Swift program", library: library,
                        command: command, subject: job, referenceName: "trivial Swift", reference: trivial, ratioBudget: change ? 6 : 4))
            }
        }
        list += diskComparisons(of: list)
        if sizes.contains(.band) {
            list +=
                pdfComparisons() + (try songbookComparisons()) + [
                    memberShareComparison(), importComparison(reference: trivial), songbookProComparison(reference: trivial),
                ]
        }
        for size in sizes where size != .band {
            list += largeComparisons(size)
        }
        return list
    }

    private func bandCommands(_ library: String, playlist: String, song: String) -> [(String, [String], [String]?)] {
        let out = work.appendingPathComponent("out").path
        return [
            ("songs", ["songs"], nil),
            ("songs --json", ["songs", "--json"], nil),
            ("song", ["song", song], nil),
            ("playlists", ["playlists"], nil),
            ("show", ["show", playlist], nil),
            ("show --json", ["show", playlist, "--json"], nil),
            ("export", ["export", playlist, "-o", out + "/\(library).plsts"], nil),
            ("live (first screen)", ["live", playlist], nil),
            (
                "add-song", ["add-song", Self.newSong, "--author", "Benchmark", "--length", "3:00", "--key", "Am", "--bpm", "120"],
                removingNewSong(library)
            ),
            (
                "edit-song", ["edit-song", song, "--bpm", "101"],
                setlist(library, ["edit-song", song, "--bpm", "100"]).commandLineWords
            ),
            ("check", ["check"], nil),
        ]
    }

    /// The changes among `rows` (the sample and band libraries) again, against the disk's share of
    /// them: C replacing a copy of the library's songs.json as setlist replaces it (no budget; it
    /// shows what the disk costs on the machine that runs it).
    private func diskComparisons(of rows: [Comparison]) -> [Comparison] {
        let out = work.appendingPathComponent("out").path
        return rows.filter { ["add-song", "edit-song"].contains($0.command) }.map { change in
            var comparison = change
            comparison.section = "Changes against the disk's share (no budget): C replacing songs.json as setlist does"
            comparison.referenceName = "C replace"
            comparison.reference = Job(
                executable: references.replaceFile,
                arguments: [library(change.library) + "/songs.json", out + "/\(change.library)-songs.json"])
            comparison.ratioBudget = nil
            return comparison
        }
    }

    /// The rows of a spreadsheet ``GeneratedLibrary/importRows`` writes, imported into an empty
    /// library: in under a second (the trivial program shows what starting a process costs).
    private func importComparison(reference: Job) -> Comparison {
        let target = library("import")
        var job = Job(executable: setlist, arguments: ["--library", target, "import-songs", library(GeneratedLibrary.importRowsFile)])
        job.prepare = ["/bin/rm", "-rf", target]
        return Comparison(
            section: "import-songs of 10 000 spreadsheet rows into an empty library in under a second", library: "import",
            command: "import-songs, 10 000 rows", subject: job, referenceName: "trivial Swift", reference: reference, ratioBudget: nil,
            millisecondsBudget: 1000)
    }

    /// The long PDF against the C program setting the same text; the short one against the long.
    private func pdfComparisons() -> [Comparison] {
        let out = work.appendingPathComponent("out")
        var list: [Comparison] = []
        for (playlist, budget, label, count) in [
            (GeneratedLibrary.hundred, 1.25, "100 songs", 100), (GeneratedLibrary.single, 1.5, "1 song", 1),
        ] {
            let paragraphs = work.appendingPathComponent("paragraphs-\(count).txt")
            list.append(
                Comparison(
                    section: "PDF: long ≤ 1.25× (1 song: 1.5×) C + Cairo + Pango setting the same text; short < 0.7× long",
                    library: "band", command: "pdf, long, \(label)",
                    subject: setlist("band", ["pdf", playlist, "-o", out.appendingPathComponent("long-\(label).pdf").path]),
                    referenceName: "C Cairo+Pango",
                    reference: Job(
                        executable: references.setText, arguments: [paragraphs.path, out.appendingPathComponent("c-\(label).pdf").path]),
                    ratioBudget: budget))
        }
        list.append(
            Comparison(
                section: list[0].section, library: "band", command: "pdf --short, 100 songs",
                subject: setlist("band", ["pdf", GeneratedLibrary.hundred, "--short", "-o", out.appendingPathComponent("short.pdf").path]),
                referenceName: "its long PDF", reference: list[0].subject, ratioBudget: 0.7))
        return list
    }

    /// A big library: `songs` against jq, one playlist against the band library, changes against jq.
    private func largeComparisons(_ size: GeneratedLibrary.Size) -> [Comparison] {
        let name = size.rawValue
        let stress = size == .stress
        let jq = Job(executable: references.jq, arguments: [".songs | length", library(name) + "/songs.json"])
        let section = "\(size.songs) songs: songs ≤ 2× jq; one playlist ≤ 3× the band library; changes ≤ 3× jq, < 200 MB"
        let out = work.appendingPathComponent("out").path
        var list: [Comparison] = []
        for (command, arguments) in [("songs", ["songs"]), ("songs --json", ["songs", "--json"])] {
            list.append(
                Comparison(
                    section: section, library: name, command: command, subject: setlist(name, arguments), referenceName: "jq",
                    reference: jq, ratioBudget: stress ? 2 : nil))
        }
        let evening = GeneratedLibrary.evening
        for (command, arguments) in [
            ("show", ["show", evening]), ("pdf", ["pdf", evening, "-o", out + "/\(name).pdf"]),
            ("export", ["export", evening, "-o", out + "/\(name).plsts"]), ("live (first screen)", ["live", evening]),
        ] {
            var subject = setlist(name, arguments), reference = setlist("band", arguments)
            subject.terminal = command.hasPrefix("live")
            reference.terminal = subject.terminal
            list.append(
                Comparison(
                    section: section, library: name, command: command, subject: subject, referenceName: "same on band",
                    reference: reference, ratioBudget: stress ? 3 : nil))
        }
        let song = Identifier.short(GeneratedLibrary.id("song", 17))
        var edit = setlist(name, ["edit-song", song, "--bpm", "101"])
        edit.prepare = setlist(name, ["edit-song", song, "--bpm", "100"]).commandLineWords
        var add = setlist(name, ["add-song", Self.newSong, "--author", "Benchmark", "--length", "3:00", "--bpm", "120"])
        add.prepare = removingNewSong(name)
        for (command, job) in [("add-song", add), ("edit-song", edit)] {
            list.append(
                Comparison(
                    section: section, library: name, command: command, subject: job, referenceName: "jq", reference: jq,
                    ratioBudget: stress ? 3 : nil, memoryBudget: stress ? 200 : nil))
        }
        return list
    }
}

extension Job {
    /// The executable and its arguments, as one list.
    var commandLineWords: [String] { [executable] + arguments }

    /// The same job run by another build of setlist.
    func with(executable other: String, replacing original: String) -> Job {
        var job = self
        if executable == original { job.executable = other }
        job.prepare = prepare?.map { $0 == original ? other : $0 }
        return job
    }
}
