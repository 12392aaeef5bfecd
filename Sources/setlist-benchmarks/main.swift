// Renders the long PDF of generated 10, 100 and 1000-song setlists and reports the time and the
// peak memory of each. Each size runs in a child process of its own so that its peak is its own.
//
//     swift run -c release setlist-benchmarks            # the table
//     swift run -c release setlist-benchmarks --write DIR  # also keep the PDFs for a look
import Foundation
import SetlistCore
import SetlistPDF

#if canImport(Glibc)
    import Glibc
#endif

/// A setlist of `count` songs in sets of twelve, with notes of varied length and some Czech.
func generatedSetlist(songs count: Int) -> Playlist {
    let keys = ["C minor", "D major", "F# minor", "Bb major", "E minor", "A major"].compactMap(MusicalKey.init(parsing:))
    var items: [PlaylistItem] = []
    for index in 0..<count {
        if index > 0, index % 12 == 0 { items.append(.setBreak("Set \(index / 12 + 1)")) }
        let sentence = "Zpěv nastupuje po čtyřech taktech, příliš žluťoučký kůň úpěl ďábelské ódy. "
        let fields = SongFields(
            name: "Song number \(index + 1) — Píseň", author: "Band \(index % 7 + 1)", length: 150 + index % 120,
            key: keys[index % keys.count], bpm: 80 + index % 90,
            notes: index % 3 == 0 ? nil : String(repeating: sentence, count: 1 + index % 6))
        items.append(.song(SongCopy(originalID: nil, fields: fields)))
    }
    return Playlist(name: "Benchmark \(count)", items: items)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024 // kilobytes on Linux
}

/// Child mode: render one size and print "songs pages coldMs warmMs peakMB bytes".
func measure(songs: Int, writeTo folder: String?) throws {
    let playlist = generatedSetlist(songs: songs)
    let date = Date(timeIntervalSince1970: 1_266_262_200)
    var data = Data()
    let cold = try milliseconds { data = try PDFRenderer.render(playlist, style: .long, paper: .a4, date: date) }
    var warm: [Double] = []
    for _ in 0..<5 {
        warm.append(try milliseconds { data = try PDFRenderer.render(playlist, style: .long, paper: .a4, date: date) })
    }
    if let folder {
        try PDFRenderer.write(data, to: URL(fileURLWithPath: folder).appendingPathComponent("benchmark-\(songs).pdf"))
    }
    let median = warm.sorted()[warm.count / 2]
    print(songs, String(format: "%.1f %.1f %.1f", cold, median, peakMegabytes()), data.count)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let writeFolder = arguments.firstIndex(of: "--write").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
if let flag = arguments.firstIndex(of: "--one"), arguments.indices.contains(flag + 1), let songs = Int(arguments[flag + 1]) {
    try measure(songs: songs, writeTo: writeFolder)
    exit(0)
}

print("Long PDF, A4 (median of 5 warm renders; the first render also loads the fonts)")
print("songs      first ms    median ms    peak MB    PDF KB")
for songs in [10, 100, 1000] {
    // Each size in a fresh process, so that its peak memory is its own.
    let child = try ChildProcess.run(
        URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path,
        ["--one", String(songs)] + (writeFolder.map { ["--write", $0] } ?? []))
    let output = child.outputText
    let fields = output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
    guard child.succeeded, fields.count == 5, let bytes = Int(fields[4]) else {
        print("\(songs): failed (\(child.ending): \(output)\(child.errorText))")
        exit(1)
    }
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    print(pad(fields[0], 5), pad(fields[1], 13), pad(fields[2], 12), pad(fields[3], 10), pad(String(bytes / 1024), 9))
}
