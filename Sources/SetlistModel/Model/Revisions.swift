import Foundation
import SetlistSupport

/// A setlist's revisions: a number that goes up when a changed setlist is shared or exported
/// again, which every shared document names ("Revision 4 · 28 Nov 2026"), and the revision each
/// member last received, so that the next message says what changed since (``changes(since:notation:)``).
/// Kept in the playlist's file.
public struct Revisions: Hashable, Sendable {
    /// The revisions still needed: the latest, and each one some member last received.
    public var kept: [Revision]
    /// The revision each member (by lowercased address) last received.
    public var received: [String: Int]

    public init(kept: [Revision] = [], received: [String: Int] = [:]) {
        self.kept = kept
        self.received = received
    }

    /// The latest revision shared or exported.
    public var latest: Revision? { kept.max { $0.number < $1.number } }
}

/// One revision of a setlist: its number, the day it was first shared, and what a member
/// compares: the songs in order with their keys, tempos and charts, and the plan.
public struct Revision: Hashable, Sendable {
    public var number: Int
    /// The day, "2026-11-28".
    public var date: String
    public var songs: [RevisionSong]
    public var plan: ShowPlan?

    public init(number: Int, date: String, songs: [RevisionSong], plan: ShowPlan?) {
        self.number = number
        self.date = date
        self.songs = songs
        self.plan = plan
    }

    /// Whether `other` has the same content (whatever its number and day).
    public func hasSameContent(as other: Revision) -> Bool { songs == other.songs && plan == other.plan }

    /// "Revision 4 · 28 Nov 2026", for the PDFs' footers.
    public var footer: String {
        guard let day = PlanStart.Day(parsing: date) else { return "Revision \(number)" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "Revision \(number) · \(day.day) \(months[day.month - 1]) \(day.year)"
    }
}

/// A song of a revision: its copy, and what a member notices changing.
public struct RevisionSong: Hashable, Sendable {
    public var copy: String
    public var name: String
    public var key: MusicalKey?
    public var bpm: Int?
    /// A fingerprint of the chart (its key, capo and text); nil without one.
    public var chart: String?

    public init(copy: String, name: String, key: MusicalKey?, bpm: Int?, chart: String?) {
        self.copy = copy
        self.name = name
        self.key = key
        self.bpm = bpm
        self.chart = chart
    }

    init(_ copy: SongCopy) {
        let chart = copy.fields.chart.map { chart in
            Hex.digits(
                XXH64.hash([chart.key?.description ?? "", chart.capo.map(String.init) ?? "", chart.text].joined(separator: "\n")), 16)
        }
        self.init(copy: copy.id, name: copy.fields.name, key: copy.fields.key, bpm: copy.fields.bpm, chart: chart)
    }
}

extension Playlist {
    /// The revision the setlist has as it stands on `day` ("2026-11-28"): the latest when nothing
    /// a member compares changed since, else the next number.
    public func revision(on day: String) -> Revision {
        var now = Revision(number: 1, date: day, songs: copies.map(RevisionSong.init), plan: plan)
        guard let latest = revisions?.latest else { return now }
        if latest.hasSameContent(as: now) { return latest }
        now.number = latest.number + 1
        return now
    }

    /// Notes that `revision` was shared with `addresses` (none for an export): kept as the
    /// latest, and as what each of them last received; revisions nobody needs any more go.
    public mutating func noteShared(_ revision: Revision, to addresses: [String]) {
        var revisions = self.revisions ?? Revisions()
        if !revisions.kept.contains(where: { $0.number == revision.number }) { revisions.kept.append(revision) }
        for address in addresses { revisions.received[address.lowercased()] = revision.number }
        let needed = Set(revisions.received.values).union([revisions.latest?.number ?? revision.number])
        revisions.kept.removeAll { !needed.contains($0.number) }
        revisions.kept.sort { $0.number < $1.number }
        self.revisions = revisions
    }

    /// What a member at `address` is told of `revision`: that it is the first they receive,
    /// that nothing changed since the one they have, or what changed since then.
    public func revisionNote(_ revision: Revision, for address: String, notation: KeyNotation) -> String {
        guard let number = revisions?.received[address.lowercased()] else {
            return "Revision \(revision.number): the first revision of this setlist you receive."
        }
        guard number != revision.number else { return "Revision \(revision.number), the one you received before: nothing changed." }
        guard let old = revisions?.kept.first(where: { $0.number == number }) else {
            return "Revision \(revision.number); you last received revision \(number)."
        }
        let changes = revision.changes(since: old, notation: notation)
        return "Revision \(revision.number). Changed since revision \(number), the one you last received:\n"
            + (changes.isEmpty ? ["  nothing you would notice"] : changes.map { "  " + $0 }).joined(separator: "\n")
    }
}

extension Revision {
    /// What changed from `old` to this revision, a line each: songs added, removed and moved,
    /// keys, tempos and charts changed, the plan.
    public func changes(since old: Revision, notation: KeyNotation) -> [String] {
        var lines: [String] = []
        let before = Dictionary(old.songs.enumerated().map { ($1.copy, ($0, $1)) }, uniquingKeysWith: { first, _ in first })
        let after = Set(songs.map(\.copy))
        // Moved: a song whose place among the songs both revisions have changed.
        let keptOld = old.songs.filter { after.contains($0.copy) }.map(\.copy)
        let keptNew = songs.filter { before[$0.copy] != nil }.map(\.copy)
        let key = { (key: MusicalKey?) in key?.spelled(in: notation) ?? "no key" }
        let tempo = { (bpm: Int?) in bpm.map { "\($0) BPM" } ?? "no tempo" }
        for (index, song) in songs.enumerated() {
            guard let (oldIndex, was) = before[song.copy] else {
                lines.append("Added: \(song.name) (song \(index + 1))")
                continue
            }
            if keptOld.firstIndex(of: song.copy) != keptNew.firstIndex(of: song.copy) {
                lines.append("Moved: \(song.name), song \(oldIndex + 1) → \(index + 1)")
            }
            if was.key != song.key { lines.append("Key: \(song.name), \(key(was.key)) → \(key(song.key))") }
            if was.bpm != song.bpm { lines.append("Tempo: \(song.name), \(tempo(was.bpm)) → \(tempo(song.bpm))") }
            if was.chart != song.chart {
                lines.append(
                    song.chart == nil
                        ? "Chart removed: \(song.name)" : was.chart == nil ? "Chart added: \(song.name)" : "Chart changed: \(song.name)")
            }
        }
        for song in old.songs where !after.contains(song.copy) { lines.append("Removed: \(song.name)") }
        if plan != old.plan { lines.append("The plan (start, gaps, breaks) changed") }
        return lines
    }
}

extension Revisions: JSONRecord {
    public static let json = JSONMembers<Revisions>(
        blank: { Revisions() },
        [.list("kept", \.kept), .dictionary("lastReceived", \.received)])
}

extension Revision: JSONRecord {
    public static let json = JSONMembers<Revision>(
        blank: { Revision(number: 0, date: "", songs: [], plan: nil) },
        [.integer("number", \.number), .text("date", \.date), .list("songs", \.songs), .value("plan", \.plan)])
}

extension RevisionSong: JSONRecord {
    public static let json = JSONMembers<RevisionSong>(
        blank: { RevisionSong(copy: "", name: "", key: nil, bpm: nil, chart: nil) },
        [.text("copy", \.copy), .text("name", \.name), .value("key", \.key), .integer("bpm", \.bpm), .text("chart", \.chart)])
}

extension Revision {
    /// The day of `date` in `zone`, as a revision keeps it: "2026-11-28".
    public static func day(of date: Date, in zone: TimeZone) -> String {
        PlanStart.Day(of: date, in: zone).description
    }
}

extension Library {
    /// Notes that `revision` of the playlist with id `playlistID` was shared with `addresses`
    /// (``Playlist/noteShared(_:to:)``); returns whether the library changed.
    @discardableResult
    public mutating func noteShared(_ revision: Revision, of playlistID: String, to addresses: [String]) -> Bool {
        guard let index = playlists.firstIndex(where: { $0.id == playlistID }) else { return false }
        let before = playlists[index].revisions
        playlists[index].noteShared(revision, to: addresses)
        return playlists[index].revisions != before
    }
}
