import Foundation

/// The songbook of 100 charts against a ChordPro renderer a band might pick instead:
/// chordpro-pdf from PyPI (Scripts/benchmark installs it into `.build/benchmark-venv`), which
/// renders one file at a time, so it runs on each of the same 100 files.
enum SongbookBenchmark {
    /// The playlist of the 100 charts in the `songbook` library.
    static let playlist = "Zpěvník 100"
    static let library = "songbook"
    static let charts = "charts"

    /// chordpro-pdf's program, where Scripts/benchmark installed it.
    static var renderer: String? {
        let path = Options.packageRoot.appendingPathComponent(".build/benchmark-venv/bin/chordpro").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// 100 ChordPro files in `work/charts` and the library `work/songbook` made of them by
    /// `setlist import-songs` (its copies a tone up from the files, so every chart is moved);
    /// or `count` of them, into the folder, library and playlist named.
    static func prepare(
        setlist: String, work: URL, count: Int = 100, charts: String = charts, library: String = library, playlist: String = playlist
    ) throws {
        let folder = work.appendingPathComponent(charts), library = work.appendingPathComponent(library)
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(at: library)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 1...count {
            let name = String(number).leftPadded(to: 3)
            try chart(number).write(to: folder.appendingPathComponent("song-\(name).cho"), atomically: true, encoding: .utf8)
        }
        try Shell.run(
            setlist, ["--library", library.path, "import-songs", folder.path, "--to", playlist], what: "importing the \(count) charts")
        try Shell.run(setlist, ["--library", library.path, "transpose", playlist, "--all", "+2"], what: "transposing the songbook")
    }

    /// Words for the lyrics: each song draws its own lines from them, so that songs share words
    /// as real ones do ("the", "night") without being the same song a hundred times.
    static let vocabulary = """
        the a my your our night day road light heart river town rain fire dream song street morning \
        summer winter train station window home away again never always love lonely holding waiting \
        dancing walking singing running falling burning shining fading calling rolling down up over \
        under through across beside tonight tomorrow yesterday forever slowly softly loud quiet bright \
        dark cold warm golden silver broken open hands eyes voice words stars moon sky sea wind hills \
        city lights strangers stories music time place world friends dust smoke glass wine bread salt
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// A song of two verses, a chorus sung three times, a bridge and a comment: about a page.
    static func chart(_ number: Int) -> String {
        let keys = ["G", "D", "A", "E", "C", "F", "Bb", "Em", "Am", "Dm"]
        let key = keys[number % keys.count], minor = key.hasSuffix("m")
        let chords = minor ? ["Am", "Dm", "E7", "F", "G", "C"] : ["G", "C", "D7", "Em", "Am7", "Dsus4"]
        var state = UInt64(number) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // A line of eight words with a chord over every second one.
        func line() -> String {
            (0..<8).map { index in
                let word = vocabulary[next(vocabulary.count)]
                return (index % 2 == 0 ? "[\(chords[next(chords.count)])]" : "") + word
            }.joined(separator: " ")
        }
        let verse = (0..<4).map { _ in line() }, second = (0..<4).map { _ in line() }
        let chorus = ["{start_of_chorus}"] + (0..<4).map { _ in line() } + ["{end_of_chorus}"]
        return
            (["{title: Píseň \(number)}", "{artist: Kapela \(number % 7)}", "{key: \(key)}", "{tempo: \(90 + number % 60)}", ""]
            + ["{start_of_verse}"] + verse + ["{end_of_verse}", ""] + chorus + ["", "{start_of_verse: Verse 2}"] + second
            + ["{end_of_verse}", "", "{chorus}", "", "{start_of_bridge}"] + (0..<2).map { _ in line() }
            + ["{end_of_bridge}", "{comment: Twice, then the chorus to the end}", ""] + chorus).joined(separator: "\n") + "\n"
    }

    /// The pages of a PDF, from pdfinfo.
    static func pages(_ path: String) throws -> Int {
        let info = try Shell.output("pdfinfo", [path], what: "counting the pages of \(path)")
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        guard let count = line.flatMap({ Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }) else {
            throw BenchmarkError("pdfinfo gave no page count for \(path).")
        }
        return count
    }
}

extension Plan {
    /// The songbook against chordpro-pdf on the same 100 files (when installed), and per page
    /// against setlist's own long PDF of the same songs.
    func songbookComparisons() throws -> [Comparison] {
        let out = work.appendingPathComponent("out")
        let songbookPDF = out.appendingPathComponent("songbook.pdf").path, longPDF = out.appendingPathComponent("songbook-long.pdf").path
        let songbook = setlist(SongbookBenchmark.library, ["pdf", SongbookBenchmark.playlist, "--songbook", "-o", songbookPDF])
        let long = setlist(SongbookBenchmark.library, ["pdf", SongbookBenchmark.playlist, "-o", longPDF])
        // Made once now for their page counts; the timed runs make the same pages.
        for job in [songbook, long] { try Shell.run(job.executable, job.arguments, what: "the songbook's PDFs") }
        let pages = (songbook: try SongbookBenchmark.pages(songbookPDF), long: try SongbookBenchmark.pages(longPDF))
        let section = "Songbook of 100 charts: ≥ 20× faster than chordpro-pdf (PyPI); per page < 1.5× the long PDF"
        var list: [Comparison] = []
        if let renderer = SongbookBenchmark.renderer {
            let charts = work.appendingPathComponent(SongbookBenchmark.charts).path
            let loop = "for f in \"$0\"/*.cho; do \"$1\" \"$f\" -o \"$2/$(basename \"$f\" .cho).pdf\" >/dev/null || exit 1; done"
            let folder = out.appendingPathComponent("chordpro-pdf")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            list.append(
                Comparison(
                    section: section, library: SongbookBenchmark.library, command: "pdf --songbook, 100 charts", subject: songbook,
                    referenceName: "chordpro-pdf",
                    reference: Job(executable: "/bin/sh", arguments: ["-c", loop, charts, renderer, folder.path]),
                    ratioBudget: 0.05))
        } else {
            progress("chordpro-pdf is not installed (Scripts/benchmark installs it): the songbook is not timed against it.")
        }
        list.append(
            Comparison(
                section: section, library: SongbookBenchmark.library,
                command: "pdf --songbook, per page (\(pages.songbook) pages vs \(pages.long))", subject: songbook,
                referenceName: "long PDF, per page", reference: long, ratioBudget: 1.5,
                ratioScale: Double(pages.long) / Double(pages.songbook)))
        return list
    }
}
