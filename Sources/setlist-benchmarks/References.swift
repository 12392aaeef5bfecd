import Foundation
import SetlistModel

/// The programs setlist is measured against, built from `Benchmarks/` in the same run:
/// a trivial Swift + Foundation program built with `swiftc -O -static-stdlib` (the floor of any
/// Swift command as the budgets define it; setlist's release build also links the C++ runtime in,
/// which the trivial program does not: docs/performance.md says what that would change), and a C program that sets the same text as the long PDF with Cairo and Pango
/// (the floor of a PDF). jq, parsing the same JSON files, is the floor of reading a library; a C
/// program replacing a file as setlist does is the disk's share of a change.
struct References {
    /// The trivial Swift program.
    let trivial: String
    /// The C program: `set-text PARAGRAPHS OUT.pdf`.
    let setText: String
    /// The C program: `replace-file SOURCE DESTINATION`.
    let replaceFile: String
    /// jq, from the PATH.
    let jq: String

    /// Builds the programs into `folder`; jq must be installed.
    static func build(sources: URL, into folder: URL) throws -> References {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let trivial = folder.appendingPathComponent("trivial").path
        let setText = folder.appendingPathComponent("set-text").path
        let replaceFile = folder.appendingPathComponent("replace-file").path
        try Shell.run(
            "swiftc", ["-O", "-static-stdlib", sources.appendingPathComponent("trivial.swift").path, "-o", trivial],
            what: "building the trivial Swift program")
        let flags = try Shell.output("pkg-config", ["--cflags", "--libs", "pangocairo"], what: "finding Cairo and Pango")
        try Shell.run(
            "cc",
            ["-O2", sources.appendingPathComponent("set-text.c").path] + flags.split(separator: " ").map(String.init) + ["-o", setText],
            what: "building the C Cairo + Pango program")
        try Shell.run(
            "cc", ["-O2", sources.appendingPathComponent("replace-file.c").path, "-o", replaceFile],
            what: "building the C program that replaces a file")
        guard let jq = Shell.find("jq") else { throw BenchmarkError("jq is not installed (Scripts/benchmark installs it).") }
        return References(trivial: trivial, setText: setText, replaceFile: replaceFile, jq: jq)
    }

    /// The paragraphs of the long PDF of `playlist` for `set-text`, in the sizes and positions of
    /// setlist's long layout: one line each, "size bold grey x width spaceBefore text".
    static func paragraphs(of playlist: Playlist) -> String {
        let left = 50.0, width = 595.2756 - 100, nameX = left + 24
        var lines: [String] = []
        func add(_ size: Double, bold: Bool = false, gray: Double = 0, x: Double = left, space: Double, _ text: String) {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            lines.append("\(size) \(bold ? 1 : 0) \(gray) \(x) \(width - (x - left)) \(space) \(escaped)")
        }
        add(22, bold: true, space: 0, playlist.name)
        add(10.5, gray: 0.35, space: 3, PlaylistSummary.text(playlist))
        for set in playlist.sets {
            if let label = set.label { add(14, bold: true, space: 20, label) }
            for entry in set.entries {
                let fields = entry.copy.fields
                add(12.5, bold: true, x: nameX, space: 12, "\(entry.position). \(fields.name)")
                let details = [
                    fields.author, fields.length.map(SongLength.format), fields.key?.spelled(in: .english), fields.bpm.map { "\($0) BPM" },
                ].compactMap { $0 }
                if !details.isEmpty { add(10, gray: 0.3, x: nameX, space: 1, details.joined(separator: "  ·  ")) }
                if let notes = fields.notes { add(10, gray: 0.08, x: nameX, space: 4, notes) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
