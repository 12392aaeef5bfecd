import SetlistModel

/// A playlist as `show` prints it for people: its heading, the table of its songs (a * on what a
/// copy changed from its original) and the plan.
extension CommandContext {
    func printPlaylist(_ playlist: Playlist, in library: Library) {
        printHeading(of: playlist, in: library)
        guard !playlist.copies.isEmpty else {
            say("No songs yet. Copy some in with `setlist add \"\(playlist.name)\" SONG...`.")
            return
        }
        let (table, anyDiffers, orphans) = songTable(of: playlist, in: library)
        say(table.render(for: self))
        if anyDiffers { say("* differs from the original") }
        if !orphans.isEmpty {
            say(
                "The original\(orphans.count == 1 ? " of song" : "s of songs") \(orphans.map(String.init).joined(separator: ", ")) \(orphans.count == 1 ? "was" : "were") deleted; the copies stay."
            )
        }
        if let plan = playlist.plan {
            let clock = planClock(plan)
            // Wrapped, not cut: the zone and the target are at the ends of these lines.
            for line in ["Plan: \(PlanText.summary(clock))."] + PlanText.lines(playlist, clock) {
                say(outputWidth.map { Self.wrapped(line, width: $0) } ?? line)
            }
        }
    }

    /// The name, "(current)" and the count and length. The name is kept whole where it fits: on
    /// a narrow terminal the summary goes to a line of its own rather than the name being cut. A
    /// name wider than the line is cut anyway, so the summary stays beside it.
    private func printHeading(of playlist: Playlist, in library: Library) {
        let current = playlist.id == library.currentPlaylistID ? " (current)" : ""
        let summary = Show.summary(count: playlist.copies.count, total: playlist.totalLength, unknown: playlist.copiesWithoutLength)
        let heading = playlist.name + current + " — " + summary
        guard let width = outputWidth, Cells.width(heading) > width else { return say(heading) }
        if Cells.width(playlist.name + current) <= width {
            say(playlist.name + current)
            say(Cells.truncate(summary, to: width))
        } else {
            let tail = current + " — " + summary
            say(Cells.truncate(playlist.name, to: max(Table.minimumTextWidth, width - Cells.width(tail))) + tail)
        }
    }

    /// The songs by set, each field a copy changed marked; whether any was, and the positions
    /// of the copies whose original is gone.
    private func songTable(of playlist: Playlist, in library: Library) -> (Table, anyDiffers: Bool, orphans: [Int]) {
        var table = Table([
            ("#", .right), ("Name", .text), ("Author", .text), ("Length", .right), ("Key", .left), ("BPM", .right), ("Notes", .left),
        ])
        table.marker = "*"
        table.leftOutWhenNarrow = ["Notes", "BPM", "Author", "Start"]
        table.titleColumn = "Name"
        var anyDiffers = false, orphans: [Int] = []
        for set in playlist.sets {
            if let label = set.label {
                // Two breaks in a row (a set whose songs were removed) both show.
                let above = table.separators[table.rows.count].map { $0 + "\n" } ?? ""
                table.separators[table.rows.count] = above + "   — \(label) —"
            }
            for entry in set.entries {
                let f = entry.copy.fields
                let found = library.differences(of: entry.copy)
                if found == nil { orphans.append(entry.position) }
                let differs = found ?? []
                anyDiffers = anyDiffers || !differs.isEmpty
                func mark(_ text: String, _ field: SongField) -> String { differs.contains(field) ? text + "*" : text }
                table.add([
                    "\(entry.position)", mark(f.name, .name), mark(f.author ?? "", .author), mark(Show.length(f.length), .length),
                    mark(Show.key(f.key, library.notation), .key), mark(Show.bpm(f.bpm), .bpm),
                    f.notes == nil ? (differs.contains(.notes) ? "*" : "") : mark("yes", .notes),
                ])
            }
        }
        // In the right-aligned columns (length, BPM) a marked cell would push its digits left of
        // the others'; unmarked cells get a space where the mark would be, so they line up.
        for column in [3, 5] where table.rows.contains(where: { $0[column].hasSuffix("*") }) {
            for row in table.rows.indices where !table.rows[row][column].isEmpty && !table.rows[row][column].hasSuffix("*") {
                table.rows[row][column] += " "
            }
        }
        if let plan = playlist.plan { PlanTable.addStartColumn(to: &table, playlist, planClock(plan)) }
        return (table, anyDiffers, orphans)
    }

    /// `line` wrapped to `width`, a line that began indented continuing under its text.
    static func wrapped(_ line: String, width: Int) -> String {
        let indent = String(line.prefix { $0 == " " })
        let lines = Cells.wrap(String(line.dropFirst(indent.count)), width: max(1, width - indent.count - 2))
        return lines.enumerated().map { ($0.offset == 0 ? indent : indent + "  ") + $0.element }.joined(separator: "\n")
    }
}
