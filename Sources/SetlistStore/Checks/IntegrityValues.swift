import Foundation
import SetlistModel
import SetlistSupport

/// Checks of the values inside files that parse: text with control characters (which a command
/// would have refused, so they come from hand edits or other programs) and numbers out of range.
/// Text is fixed by the same rule everywhere: forbidden characters become spaces in names and
/// are dropped from notes. Numbers out of range are only reported, since any fix would guess.
struct IntegrityValues {
    /// A problem found, whether ``clean(_:)`` fixes it, and how repair words the fix.
    struct Finding {
        var problem: IntegrityProblem
        var fixable: Bool
        var fix = "cleaned"
    }

    private(set) var findings: [Finding] = []

    /// Checks `library`, cleaning its text in place.
    mutating func clean(_ library: inout Library) {
        for index in library.songs.indices {
            let name = library.songs[index].name
            var fields = library.songs[index].fields
            if check(&fields, path: LibraryFiles.songs, place: "songs[\(index)] '\(Self.cleanedName(name))'") {
                library.songs[index].fields = fields
            }
        }
        for p in library.playlists.indices {
            let file =
                LibraryFiles.playlistFolder + "/"
                + Playlist.fileName(name: library.playlists[p].name, id: library.playlists[p].id)
            let id = library.playlists[p].id
            cleanName(&library.playlists[p].name, field: "the playlist name", path: file, place: "playlist \(id)")
            nameBlank(&library.playlists[p].name, path: file, place: "playlist \(id)")
            var position = 0
            for i in library.playlists[p].items.indices {
                switch library.playlists[p].items[i] {
                // Written back only when cleaned: most values are fine, and putting every item
                // back cost more than checking it.
                case .song(var copy):
                    position += 1
                    let (name, id, number) = (copy.name, copy.id, position)
                    if check(&copy.fields, path: file, place: "song \(number) '\(Self.cleanedName(name))' (copy \(Identifier.short(id)))") {
                        library.playlists[p].items[i] = .song(copy)
                    }
                case .setBreak(var label):
                    if cleanName(&label, field: "the break label", path: file, place: "items[\(i)]") {
                        library.playlists[p].items[i] = .setBreak(label)
                    }
                }
            }
            if let plan = library.playlists[p].plan { check(plan, path: file) }
            for i in library.playlists[p].emptySetBreaks {
                guard case .setBreak(let label) = library.playlists[p].items[i],
                    case .setBreak(let next) = library.playlists[p].items[i + 1]
                else { continue }
                findings.append(
                    Finding(
                        problem: IntegrityProblem(
                            .emptySet, path: file,
                            detail: "items[\(i)]: the break '\(label)' opens a set without songs (the break '\(next)' follows it)."),
                        fixable: true, fix: "removed that break"))
            }
            library.playlists[p].dropEmptySets()
        }
        for index in library.contacts.indices {
            cleanName(&library.contacts[index].name, field: "the name", path: LibraryFiles.contacts, place: "contacts[\(index)]")
            let email = library.contacts[index].email
            if (try? EmailAddress.validate(email)) == nil {
                // An address with a line break could add headers to a shared email; share refuses it.
                report(
                    LibraryFiles.contacts,
                    "contacts[\(index)] '\(library.contacts[index].name)': \(String(reflecting: email)) is not an email address; `setlist remove-contact` it and add it again.",
                    fixable: false)
            }
        }
        for index in library.gigs.indices { clean(&library.gigs[index]) }
    }

    /// A gig's text: its setlist's name, its venue and the names and authors of its songs, which
    /// the report for a collecting society prints.
    private mutating func clean(_ gig: inout Gig) {
        let path = LibraryFiles.gigFolder + "/" + LibraryFiles.gigFileName(gig)
        cleanName(&gig.playlist, field: "the setlist name", path: path, place: "gig of \(gig.date)")
        if var venue = gig.venue, cleanName(&venue, field: "the venue", path: path, place: "gig of \(gig.date)") {
            gig.venue = venue
        }
        for index in gig.songs.indices {
            let place = "songs[\(index)] '\(Self.cleanedName(gig.songs[index].name))'"
            cleanName(&gig.songs[index].name, field: "the name", path: path, place: place)
            if var author = gig.songs[index].author, cleanName(&author, field: "the author", path: path, place: place) {
                gig.songs[index].author = author
            }
        }
    }

    /// `place` is worked out only for a report (most values are fine). Whether `fields` were cleaned.
    private mutating func check(_ fields: inout SongFields, path: String, place: @autoclosure () -> String) -> Bool {
        var cleaned = cleanName(&fields.name, field: "the name", path: path, place: place())
        cleaned = nameBlank(&fields.name, path: path, place: place()) || cleaned
        if var author = fields.author, cleanName(&author, field: "the author", path: path, place: place()) {
            fields.author = author
            cleaned = true
        }
        if let notes = fields.notes, let bad = ControlCharacters.firstForbiddenInNotes(notes) {
            fields.notes = ControlCharacters.cleanedNotes(notes)
            report(path, "\(place()): the notes hold \(ControlCharacters.described(bad)).", fixable: true)
            cleaned = true
        }
        if let chart = fields.chart, let (number, bad) = Self.firstForbidden(in: chart) {
            fields.chart = Chart(
                lines: chart.lines.map(ControlCharacters.cleanedNotes), key: chart.key, notation: chart.notation, capo: chart.capo)
            report(path, "\(place()): line \(number) of the chart holds \(ControlCharacters.described(bad)).", fixable: true)
            cleaned = true
        }
        if let chart = fields.chart {
            // What `chart --set` and a .plsts refuse (the characters above are cleaned).
            let lines = chart.lines.enumerated().map { (text: $1, line: $0 + 1) }
            for problem in ChordProFile.problems(in: lines, notation: chart.notation) {
                if case .controlCharacter = problem { continue }
                report(path, "\(place()): the chart: \(problem.description) Correct it with `setlist chart --edit`.", fixable: false)
            }
            if let capo = chart.capo, !Chart.capoFrets.contains(capo) {
                report(
                    path, "\(place()): the chart's capo \(capo) is on no fret (1 to 11); set it with `setlist chart --edit`.",
                    fixable: false)
            }
        }
        if let length = fields.length, !(1...SongLength.maximum).contains(length) {
            report(
                path,
                "\(place()): the length \(length) s is outside 1 s to \(SongLength.maximum / 3600) hours; set it with `setlist edit-song`.",
                fixable: false)
        }
        if let bpm = fields.bpm, !Tempo.range.contains(bpm) {
            report(
                path,
                "\(place()): the tempo \(bpm) BPM is outside \(Tempo.range.lowerBound)–\(Tempo.range.upperBound); set it with `setlist edit-song`.",
                fixable: false)
        }
        return cleaned
    }

    /// A plan's values as `setlist plan` and `setlist break` take them (lengths from 0, the target
    /// from 1 s, at most 10 hours; a zone this machine knows), each named by its field. Only
    /// reported, like a song's length: the command that sets the value is named instead.
    private mutating func check(_ plan: ShowPlan, path: String) {
        func length(_ value: Int?, _ field: String, from lowest: Int, fix: String) {
            guard let value, !(lowest...SongLength.maximum).contains(value) else { return }
            report(
                path,
                "plan.\(field): \(value) s is outside \(lowest) s to \(SongLength.maximum / 3600) hours; set it with `\(fix)`.",
                fixable: false)
        }
        if let zone = plan.zone, PlanZone.zone(zone) == nil {
            report(
                path,
                "plan.zone: \(ControlCharacters.quoted(zone)) is not a time zone; set the start again with `setlist plan --start` (a zone after the time, or none for this machine's).",
                fixable: false)
        }
        length(plan.gap, "gap", from: 0, fix: "setlist plan --gap")
        length(plan.breakLength, "breakLength", from: 0, fix: "setlist plan --break-length")
        length(plan.target, "target", from: 1, fix: "setlist plan --target")
        for (index, own) in plan.breakLengths.enumerated() {
            length(own.length, "breaks[\(index)].length", from: 0, fix: "setlist break --after N --length")
            if own.occurrence < 0 {
                report(
                    path, "plan.breaks[\(index)].occurrence: \(own.occurrence) is not a count of earlier breaks; it counts from 0.",
                    fixable: false)
            }
        }
    }

    /// Whether `text` was cleaned.
    @discardableResult
    private mutating func cleanName(_ text: inout String, field: String, path: String, place: @autoclosure () -> String) -> Bool {
        guard let bad = ControlCharacters.firstForbidden(in: text) else { return false }
        text = Self.cleanedName(text)
        report(path, "\(place()): \(field) holds \(ControlCharacters.described(bad)).", fixable: true)
        return true
    }

    /// A name of nothing but spaces (written by hand or by another program: setlist refuses one)
    /// is named "Untitled", as a name of nothing but control characters is cleaned to. Whether
    /// it was.
    @discardableResult
    private mutating func nameBlank(_ name: inout String, path: String, place: @autoclosure () -> String) -> Bool {
        guard Text.trimmedSpaces(name).isEmpty else { return false }
        name = Self.cleanedName("")
        findings.append(
            Finding(
                problem: IntegrityProblem(.controlCharacter, path: path, detail: "\(place()): the name is empty."), fixable: true,
                fix: "named it '\(name)'"))
        return true
    }

    private mutating func report(_ path: String, _ detail: String, fixable: Bool) {
        findings.append(
            Finding(problem: IntegrityProblem(fixable ? .controlCharacter : .invalidValue, path: path, detail: detail), fixable: fixable))
    }

    /// The first line (1-based) of `chart` with a character notes may not hold, and the character.
    static func firstForbidden(in chart: Chart) -> (Int, Unicode.Scalar)? {
        for (index, line) in chart.lines.enumerated() {
            if let bad = ControlCharacters.firstForbiddenInNotes(line) { return (index + 1, bad) }
        }
        return nil
    }

    /// A name as ``ControlCharacters/cleanedName(_:)`` cleans it; "Untitled" if nothing is left.
    static func cleanedName(_ text: String) -> String {
        let cleaned = ControlCharacters.cleanedName(text)
        return cleaned.isEmpty ? "Untitled" : cleaned
    }
}
