import Foundation
import ZIPFoundation

/// A band leaving SongbookPro: a backup of 2 000 songs (each a page of chords, as the songbook's
/// charts are, with the app's drawing data beside it) and 100 sets of 20, imported into an empty
/// library in under 2 s.
enum SongbookProBenchmark {
    static let file = "songbookpro-2000.sbpbackup"
    static let songs = 2000, sets = 100, perSet = 20

    /// The backup as SongbookPro writes it: a ZIP archive whose dataFile.txt is "1.0" and the
    /// library's JSON on one line.
    static func write(to url: URL) throws {
        var songList: [[String: Any]] = []
        for number in 1...songs {
            let chart = SongbookBenchmark.chart(number).split(separator: "\n").filter {
                !$0.hasPrefix("{title") && !$0.hasPrefix("{artist") && !$0.hasPrefix("{key") && !$0.hasPrefix("{tempo")
            }
            songList.append([
                "Id": number, "name": "Píseň \(number)", "author": "Kapela \(number % 40)", "subTitle": "",
                "content": chart.joined(separator: "\n"),
                "key": number % 12, "KeyShift": number % 5 == 0 ? 2 : 0, "Capo": number % 7 == 0 ? 2 : 0, "TempoInt": 80 + number % 80,
                "Duration": 150 + number % 180, "timeSig": "4/4", "Deleted": number % 100 == 0, "NotesText": "",
                "SectionOrder": "V1 C V2 C B C",
                "type": 1, "ZoomFactor": 1.0, "drawingPathsBackup": String(repeating: "Cs8CCpwB2z0TQ/A1E0NHHhND", count: 40),
            ])
        }
        var setList: [[String: Any]] = []
        for number in 1...sets {
            let contents: [[String: Any]] = (0..<perSet).map { position in
                [
                    "Id": number * 100 + position, "Order": position, "SetId": number, "SongId": (number * 37 + position * 11) % songs + 1,
                    "keyOfset": position % 3, "Capo": position % 4 == 0 ? 1 : 0, "Deleted": 0, "ItemType": 1, "SectionOrder": "",
                ]
            }
            setList.append(["details": ["Id": number, "name": "Koncert \(number)", "Deleted": 0], "contents": contents])
        }
        let json = try JSONSerialization.data(withJSONObject: ["songs": songList, "sets": setList, "folders": []])
        let data = Data("1.0\r\n".utf8) + json
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(
            with: "dataFile.txt", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
            provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
    }
}

extension Plan {
    /// The backup imported into an empty library, in milliseconds (the trivial program beside it).
    func songbookProComparison(reference: Job) -> Comparison {
        let target = library("songbookpro-import")
        var job = Job(executable: setlist, arguments: ["--library", target, "import-songs", library(SongbookProBenchmark.file)])
        job.prepare = ["/bin/rm", "-rf", target]
        return Comparison(
            section: "import-songs of a SongbookPro backup of 2 000 songs and 100 sets into an empty library in under 2 s",
            library: "songbookpro", command: "import-songs, SongbookPro 2 000 + 100 sets", subject: job, referenceName: "trivial Swift",
            reference: reference, ratioBudget: nil, millisecondsBudget: 2000)
    }
}
