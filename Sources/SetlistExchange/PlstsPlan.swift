import Foundation
import SetlistModel
import SetlistSupport

/// The optional `playlist.plan` part of a `.plsts` document (version 1.1, docs/plsts.md): the
/// show's start and zone, gap, break length, target and the breaks' own lengths. A 1.0 reader
/// skips it like any field it does not know.
struct PlanDTO {
    var start: Field<String>
    var zone: Field<String>
    var gap: Field<Int>
    var breakLength: Field<Int>
    var target: Field<Int>
    var breaks: Field<[Field<BreakLengthDTO>]>

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

    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = PlanDTO(start: .absent, zone: .absent, gap: .absent, breakLength: .absent, target: .absent, breaks: .absent)
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "start": dto.start = try reader.text("text like \"20:00\" or \"2026-12-31 20:00\"")
            case "zone": dto.zone = try reader.text("text like \"Europe/Prague\"")
            case "gap": dto.gap = try reader.integer("a whole number of seconds")
            case "breakLength": dto.breakLength = try reader.integer("a whole number of seconds")
            case "target": dto.target = try reader.integer("a whole number of seconds")
            case "breaks":
                dto.breaks = try reader.list(limit: PlstsFormat.maximumItems, element: "an object") { reader throws(JSONReadError) in
                    try BreakLengthDTO(document: &reader)
                }
            default: try reader.skipValue()
            }
        }
        self = dto
    }
}

/// One break's own length: `{"break": "Encore", "occurrence": 1, "length": 600}`.
struct BreakLengthDTO {
    var label: Field<String>
    var occurrence: Field<Int>
    var length: Field<Int>

    init(label: Field<String>, occurrence: Field<Int>, length: Field<Int>) {
        self.label = label
        self.occurrence = occurrence
        self.length = length
    }

    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = BreakLengthDTO(label: .absent, occurrence: .absent, length: .absent)
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "break": dto.label = try reader.text()
            case "occurrence": dto.occurrence = try reader.integer("a whole number")
            case "length": dto.length = try reader.integer("a whole number of seconds")
            default: try reader.skipValue()
            }
        }
        self = dto
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
                problems.append(
                    "\(path).start: \(ControlCharacters.quoted(text)) is not a start time like \"20:00\" or \"2026-12-31 20:00\".")
            }
        }
        if let text = optional(dto.zone) {
            plan.zone = PlanZone.zone(text)?.identifier
            if plan.zone == nil {
                problems.append("\(path).zone: \(ControlCharacters.quoted(text)) is not a time zone like \"Europe/Prague\" or \"+01:00\".")
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
