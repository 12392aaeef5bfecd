import Foundation
import SetlistModel

/// The optional `playlist.plan` part of a `.plsts` document (version 1.1, docs/plsts.md): the
/// show's start and zone, gap, break length, target and the breaks' own lengths. A 1.0 reader
/// skips it like any field it does not know.
struct PlanDTO: Decodable {
    var start: Field<String>
    var zone: Field<String>
    var gap: Field<Int>
    var breakLength: Field<Int>
    var target: Field<Int>
    var breaks: Field<[Field<BreakLengthDTO>]>

    private enum CodingKeys: String, CodingKey { case start, zone, gap, breakLength, target, breaks }

    init(
        start: Field<String>, zone: Field<String>, gap: Field<Int>, breakLength: Field<Int>, target: Field<Int>,
        breaks: Field<[Field<BreakLengthDTO>]>
    ) {
        self.start = start
        self.zone = zone
        self.gap = gap
        self.breakLength = breakLength
        self.target = target
        self.breaks = breaks
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = container.field(String.self, .start, expected: "text like \"20:00\" or \"2026-12-31 20:00\"")
        zone = container.field(String.self, .zone, expected: "text like \"Europe/Prague\"")
        gap = container.field(Int.self, .gap, expected: "a whole number of seconds")
        breakLength = container.field(Int.self, .breakLength, expected: "a whole number of seconds")
        target = container.field(Int.self, .target, expected: "a whole number of seconds")
        breaks = container.list(BreakLengthDTO.self, .breaks, limit: PlstsFormat.maximumItems, element: "an object")
    }
}

/// One break's own length: `{"break": "Encore", "occurrence": 1, "length": 600}`.
struct BreakLengthDTO: Decodable {
    var label: Field<String>
    var occurrence: Field<Int>
    var length: Field<Int>

    private enum CodingKeys: String, CodingKey {
        case label = "break"
        case occurrence, length
    }

    init(label: Field<String>, occurrence: Field<Int>, length: Field<Int>) {
        self.label = label
        self.occurrence = occurrence
        self.length = length
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = container.field(String.self, .label, expected: "text")
        occurrence = container.field(Int.self, .occurrence, expected: "a whole number")
        length = container.field(Int.self, .length, expected: "a whole number of seconds")
    }
}

extension Checker {
    /// The plan at `path` ("playlist.plan"), every field checked: a start as `setlist plan`
    /// reads it, a zone this machine knows, lengths in seconds (gaps and breaks from 0, the
    /// target from 1, at most 10 hours), break labels as names.
    mutating func plan(_ dto: PlanDTO, at path: String) -> ShowPlan? {
        let problemsBefore = problems.count
        var plan = ShowPlan()
        if let text = optional(dto.start) {
            plan.start = text.count <= 40 ? PlanStart(parsing: text) : nil
            if plan.start == nil {
                problems.append("\(path).start: \(FoundValue.quote(text)) is not a start time like \"20:00\" or \"2026-12-31 20:00\".")
            }
        }
        if let text = optional(dto.zone) {
            plan.zone = PlanZone.zone(text)?.identifier
            if plan.zone == nil {
                problems.append("\(path).zone: \(FoundValue.quote(text)) is not a time zone like \"Europe/Prague\" or \"+01:00\".")
            }
        }
        plan.gap = seconds(optional(dto.gap), at: "\(path).gap", from: 0) ?? 0
        plan.breakLength = seconds(optional(dto.breakLength), at: "\(path).breakLength", from: 0) ?? 0
        plan.target = seconds(optional(dto.target), at: "\(path).target", from: 1)
        var seen: [PlaylistSlot: Int] = [:]
        for (index, entry) in (optional(dto.breaks) ?? []).enumerated() {
            let place = "\(path).breaks[\(index)]"
            guard let entry = optional(entry) else { continue }
            let label = name(required(entry.label, in: place, named: "break"), at: "\(place).break", field: "break label")
            let occurrence = optional(entry.occurrence) ?? 0
            if !(0..<PlstsFormat.maximumItems).contains(occurrence) {
                problems.append(
                    "\(place).occurrence: \(occurrence) is not a count of earlier breaks of the label (0 to \(PlstsFormat.maximumItems - 1))."
                )
            }
            let length = seconds(required(entry.length, in: place, named: "length"), at: "\(place).length", from: 0)
            guard let label, let length else { continue }
            if let first = seen.updateValue(index, forKey: .setBreak(label, occurrence: occurrence)) {
                problems.append("\(place): gives the break '\(label)' a length again (\(path).breaks[\(first)] did).")
            }
            plan.breakLengths.append(BreakLength(label: label, occurrence: occurrence, length: length))
        }
        plan.breakLengths.sort(by: BreakLength.placeOrder)
        return problems.count == problemsBefore ? plan : nil
    }

    /// A length in seconds from `lowest` to 10 hours; a problem otherwise.
    private mutating func seconds(_ value: Int?, at path: String, from lowest: Int) -> Int? {
        guard let value else { return nil }
        guard (lowest...SongLength.maximum).contains(value) else {
            problems.append("\(path): \(value) is not a length; it counts seconds, from \(lowest) to \(SongLength.maximum) (10 hours).")
            return nil
        }
        return value
    }
}
