import Foundation
import SetlistModel

/// The three-way merge of the member's playlist with the sender's update, noting every change
/// it makes to the member's playlist. The base is what the member last received: each copy's
/// `received` fields and the playlist's `received` order; a playlist imported before those were
/// recorded takes the sender's order, as imports did then.
struct PlaylistMerge {
    let old: Playlist
    let incoming: Playlist
    let preference: MergePreference
    /// How the report prints keys: the band's `config notation`.
    let notation: KeyNotation
    private(set) var changes: [ImportChange] = []
    /// The sender's copies the member took out, as the sender sends them now: the base of the
    /// next update (``ReceivedPlaylist/removed``).
    private(set) var removedHere: [String: SongFields] = [:]

    init(old: Playlist, incoming: Playlist, preference: MergePreference, notation: KeyNotation = .english) {
        self.old = old
        self.incoming = incoming
        self.preference = preference
        self.notation = notation
    }

    /// The merged playlist (with the member's name and received record; the caller sets those).
    mutating func merged() -> Playlist {
        let mine = Dictionary(old.copies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirs = Dictionary(incoming.copies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let order = OrderMerge(base: old.received?.order ?? old.slots, mine: old.slots, theirs: incoming.slots, preferring: preference)
        var items: [PlaylistItem] = []
        var fieldChanges: [ImportChange] = [], conflicts: [ImportChange] = []
        var position = 0
        for slot in order.merged {
            switch slot {
            case .setBreak(let label, _):
                items.append(.setBreak(label))
            case .song(let id):
                position += 1
                guard var copy = mine[id] else {
                    // New from the sender.
                    var copy = theirs[id]!
                    copy.received = copy.fields
                    items.append(.song(copy))
                    continue
                }
                if let sent = theirs[id] {
                    let merge = ThreeWayMerge.record(base: copy.received, mine: copy.fields, theirs: sent.fields, preferring: preference)
                    var fields = merge.merged
                    let notes = PlstsImport.mergeNotes(
                        mine: copy.fields.notes, base: copy.received, theirs: sent.fields.notes, preferring: preference)
                    fields.notes = notes.notes
                    let conflicting = Set(merge.fields(.conflict)).subtracting([.notes])
                    var shown = fields
                    for field in conflicting { shown.takeValue(of: field, from: copy.fields) }
                    let described = PlaylistMerge.describeChanges(from: copy.fields, to: shown, notation: notation)
                    if !described.isEmpty { fieldChanges.append(.changed(position: position, song: fields, fields: described)) }
                    if let outcome = notes.outcome { fieldChanges.append(.notes(position: position, song: fields, outcome: outcome)) }
                    for field in SongField.allCases where conflicting.contains(field) {
                        let (yours, theirs) = Self.show(field, of: copy.fields, against: sent.fields, notation: notation)
                        conflicts.append(
                            .conflict(
                                ConflictNote(
                                    place: "#\(position) \(fields.listing), \(field.words)", yours: yours, theirs: theirs,
                                    keptYours: preference == .mine)))
                    }
                    // A copy made here that the sender sent exactly as it is gets no base: nothing
                    // changed, so nothing is written (an app export imported back is a no-op).
                    if !(copy.received == nil && copy.fields == sent.fields) { copy.received = sent.fields }
                    copy.fields = fields
                }
                items.append(.song(copy))
            }
        }
        var result = Playlist(id: old.id, name: old.name, items: items, received: old.received)
        // What this library shared of it stays its own.
        result.revisions = old.revisions
        // The plan first, so the breaks that stay keep their own lengths when empty sets go.
        let planChanges = mergePlan(into: &result)
        let emptied = result.dropEmptySets()
        let mergedIDs = Set(result.copies.map(\.id))
        let newPositions = Dictionary(result.copies.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        var removed: [ImportChange] = [], removedWithNotes: [ImportChange] = []
        for (offset, copy) in old.copies.enumerated() where !mergedIDs.contains(copy.id) {
            if let notes = copy.fields.notes, notes != copy.received?.notes {
                removedWithNotes.append(.removedWithNotes(position: offset + 1, song: copy.fields, notes: notes))
            } else {
                removed.append(.removed(position: offset + 1, song: copy.fields))
            }
        }
        let added = result.copies.filter { mine[$0.id] == nil }.map { ImportChange.added(position: newPositions[$0.id]!, song: $0.fields) }
        // Copies the member took out that the sender still has: what the sender changed in them
        // since is not taken, and the report says so.
        let received = Set((old.received?.order ?? []).compactMap { slot -> String? in if case .song(let id) = slot { id } else { nil } })
        var notTaken: [ImportChange] = []
        for sent in incoming.copies where mine[sent.id] == nil && received.contains(sent.id) {
            removedHere[sent.id] = sent.fields
            guard let base = old.received?.removed?[sent.id] else { continue }
            var described = Self.describeChanges(from: base, to: sent.fields, notation: notation)
            if base.notes != sent.fields.notes { described.append("notes " + (sent.fields.notes.map(ImportChange.quoted) ?? "removed")) }
            if !described.isEmpty { notTaken.append(.notTakenRemovedHere(song: sent.fields, changes: described)) }
        }
        for case .song(let id) in order.conflicts.sorted(by: { "\($0)" < "\($1)" }) {
            guard let position = newPositions[id], let before = old.copies.firstIndex(where: { $0.id == id }),
                let sent = incoming.copies.firstIndex(where: { $0.id == id })
            else { continue }
            conflicts.append(
                .conflict(
                    ConflictNote(
                        place: "#\(position) \(result.copies[position - 1].fields.listing), its place",
                        yours: "#\(before + 1)", theirs: "#\(sent + 1)", keptYours: preference == .mine)))
        }
        changes =
            removedWithNotes + removed + added + moves(to: result) + fieldChanges + notTaken + conflicts
            + breakChanges(to: result, emptied: emptied) + planChanges
        return result
    }

    /// The show's plan, merged part by part like the songs' fields: the base is the plan last
    /// received, none when the sender had none or nothing was recorded (so the member's plan
    /// stays when a document without one, like the app's, updates the playlist). Returns what
    /// the report says about it.
    private func mergePlan(into result: inout Playlist) -> [ImportChange] {
        let base: ShowPlan?? = old.received.map(\.plan) ?? .some(nil)
        let (plan, merge) = ShowPlan.merge(base: base, mine: old.plan, theirs: incoming.plan, preferring: preference)
        result.plan = plan
        let mine = old.plan ?? ShowPlan(), theirs = incoming.plan ?? ShowPlan()
        let taken = merge.fields(.tookTheirs).map { "\($0.name) \(mine.show($0)) → \(merge.merged.show($0))" }
        let conflicts = merge.fields(.conflict).map { field in
            ImportChange.conflict(
                ConflictNote(
                    place: "the plan's \(field.name)", yours: mine.show(field), theirs: theirs.show(field), keptYours: preference == .mine))
        }
        return (taken.isEmpty ? [] : [.planChanged(taken)]) + conflicts
    }

    /// Copies kept by both versions whose order changed: those outside the longest run that
    /// kept its relative order.
    private func moves(to result: Playlist) -> [ImportChange] {
        let oldPositions = Dictionary(old.copies.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        let kept = result.copies.filter { oldPositions[$0.id] != nil }
        let keptIDs = Set(kept.map(\.id))
        let stay = OrderMerge<String>.longestCommonSubsequence(old.copies.map(\.id).filter { keptIDs.contains($0) }, kept.map(\.id))
        return kept.enumerated().filter { !stay.contains($0.element.id) }.map { _, copy in
            .moved(song: copy.fields, from: oldPositions[copy.id]!, to: result.copies.firstIndex { $0.id == copy.id }! + 1)
        }
    }

    /// Breaks identified by their label and the song before them; `emptied` are the labels of
    /// breaks dropped with their empty sets.
    private func breakChanges(to result: Playlist, emptied: [String]) -> [ImportChange] {
        func breaks(_ playlist: Playlist) -> [(label: String, after: String?, before: Int?)] {
            var list: [(String, String?, Int?)] = []
            var previous: String?
            var position = 0
            for item in playlist.items {
                switch item {
                case .song(let copy):
                    position += 1
                    previous = copy.id
                case .setBreak(let label):
                    list.append((label, previous, position + 1 <= playlist.copies.count ? position + 1 : nil))
                }
            }
            return list
        }
        let before = breaks(old), after = breaks(result)
        let added = after.filter { new in !before.contains { $0.label == new.label && $0.after == new.after } }
        let removed = before.filter { gone in !after.contains { $0.label == gone.label && $0.after == gone.after } }
        var emptied = emptied
        return removed.map { gone in
            guard let index = emptied.firstIndex(of: gone.label) else { return .breakRemoved(label: gone.label) }
            emptied.remove(at: index)
            return .emptySetRemoved(label: gone.label)
        } + added.map { .breakAdded(label: $0.label, before: $0.before) }
    }

    /// One field's value as the report shows it.
    static func show(_ field: SongField, of fields: SongFields, notation: KeyNotation) -> String {
        switch field {
        case .name: "'\(fields.name)'"
        case .notes: fields.notes.map { "\"\($0)\"" } ?? "none"
        default: fields.shown(field, notation: notation) ?? "none"
        }
    }

    /// One field's two values in a conflict as the report shows them: two charts with the first
    /// line where they differ, which their lengths alone would not tell.
    static func show(_ field: SongField, of yours: SongFields, against theirs: SongFields, notation: KeyNotation) -> (String, String) {
        let shown = (show(field, of: yours, notation: notation), show(field, of: theirs, notation: notation))
        guard field == .chart, let mine = yours.chart?.lines, let sent = theirs.chart?.lines else { return shown }
        let index = zip(mine, sent).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, sent.count)
        func line(_ lines: [String]) -> String {
            index < lines.count ? "line \(index + 1) \"\(lines[index])\"" : "no line \(index + 1)"
        }
        return (shown.0 + ", " + line(mine), shown.1 + ", " + line(sent))
    }

    /// The fields other than the notes that differ, worded for people.
    static func describeChanges(from old: SongFields, to new: SongFields, notation: KeyNotation) -> [String] {
        func show(_ value: String?) -> String { value ?? "none" }
        var result: [String] = []
        for field in old.differences(from: new).sorted() {
            switch field {
            case .name: result.append("title '\(old.name)' → '\(new.name)'")
            // "tempo 120 → 140 BPM", "tempo none → 140 BPM", but "tempo 140 BPM → none".
            case .bpm:
                result.append(
                    "tempo \(show(old.bpm.map { new.bpm == nil ? "\($0) BPM" : "\($0)" })) → \(show(new.bpm.map { "\($0) BPM" }))")
            case .notes: break
            case .chart: result.append(old.chart == nil ? "chart added" : new.chart == nil ? "chart removed" : "chart changed")
            default:
                result.append(
                    "\(field.words) \(show(old.shown(field, notation: notation))) → \(show(new.shown(field, notation: notation)))")
            }
        }
        return result
    }
}
