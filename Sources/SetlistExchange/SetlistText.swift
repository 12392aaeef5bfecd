import SetlistCore

/// A setlist as text for people: plain text for a chat message or an email body, or Markdown.
/// `export --format text|markdown` and the body of `share` both use it, so they never disagree.
public enum SetlistText {
    public enum Format: String, CaseIterable, Sendable { case text, markdown }

    /// - Parameter notation: how keys are printed (the band's `config notation`).
    public static func render(_ playlist: Playlist, as format: Format, notation: KeyNotation = .english) -> String {
        switch format {
        case .text: plain(playlist, notation: notation)
        case .markdown: markdown(playlist, notation: notation)
        }
    }

    /// The name and size, numbered titles with author and details, each set under its heading
    /// with its length (when there are breaks), and the total length.
    public static func plain(_ playlist: Playlist, notation: KeyNotation = .english) -> String {
        var lines = [Text.oneLine(playlist.name), summary(playlist)]
        if playlist.copies.isEmpty { lines += ["", "(no songs yet)"] }
        let sets = playlist.sets
        for (number, set) in sets.enumerated() where !set.entries.isEmpty || set.label != nil {
            lines.append("")
            if let heading = heading(set, number: number, of: sets.count) { lines.append("— \(heading) —") }
            for entry in set.entries {
                let fields = entry.copy.fields
                var first = "\(entry.position). \(Text.oneLine(fields.name))"
                if let author = fields.author, !author.isEmpty { first += " — " + Text.oneLine(author) }
                lines.append(first)
                let details = details(fields, notation: notation)
                if !details.isEmpty {
                    lines.append(String(repeating: " ", count: "\(entry.position). ".count) + details.joined(separator: " · "))
                }
            }
        }
        lines += ["", "Total length: " + total(playlist)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as a Markdown table per set.
    public static func markdown(_ playlist: Playlist, notation: KeyNotation = .english) -> String {
        var lines = ["# " + escape(playlist.name), "", summary(playlist)]
        if playlist.copies.isEmpty { lines += ["", "(no songs yet)"] }
        let sets = playlist.sets
        for (number, set) in sets.enumerated() where !set.entries.isEmpty || set.label != nil {
            lines.append("")
            if let heading = heading(set, number: number, of: sets.count) { lines += ["## " + escape(heading), ""] }
            guard !set.entries.isEmpty else { continue }
            lines.append("| # | Title | Author | Length | Key | BPM |")
            lines.append("|--:|:------|:-------|-------:|:----|----:|")
            for entry in set.entries {
                let fields = entry.copy.fields
                let cells = [
                    "\(entry.position)", escape(fields.name), escape(fields.author ?? ""),
                    fields.length.map(SongLength.format) ?? "", fields.key.map { $0.spelled(in: notation) } ?? "",
                    fields.bpm.map(String.init) ?? "",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        lines += ["", "**Total length: \(total(playlist))**"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3 songs, 6:55", in ``PlaylistSummary``'s words.
    static func summary(_ playlist: Playlist) -> String {
        PlaylistSummary.text(playlist)
    }

    /// The total length, saying how many songs it leaves out for want of a length.
    public static func total(_ playlist: Playlist) -> String {
        PlaylistSummary.total(playlist.totalLength, unknown: playlist.copiesWithoutLength, of: playlist.copies.count)
    }

    /// "Set 2 (20:15)": the break's label, or "Set 1" for the first set; none when the playlist
    /// is one set.
    static func heading(_ set: PlaylistSet, number: Int, of count: Int) -> String? {
        guard count > 1 else { return nil }
        let label = set.label.map(Text.oneLine) ?? "Set \(number + 1)"
        return set.totalLength > 0 ? "\(label) (\(SongLength.format(set.totalLength)))" : label
    }

    static func details(_ fields: SongFields, notation: KeyNotation) -> [String] {
        var details: [String] = []
        if let length = fields.length { details.append(SongLength.format(length)) }
        if let key = fields.key { details.append(key.spelled(in: notation)) }
        if let bpm = fields.bpm { details.append("\(bpm) BPM") }
        return details
    }

    /// Text in a Markdown line or table cell: on one line, and the characters that would format
    /// it or end the cell escaped.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in Text.oneLine(text) {
            if "\\`*_[]<>|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
