import SetlistSupport

/// The JSON of what a playlist file holds besides its items: the plan, and the record of a
/// playlist received in a `.plsts` document.
extension ShowPlan: JSONRecord {
    /// Optional parts only when they are there, so a plan without them is stored as before.
    public static let json = JSONMembers<ShowPlan>(
        blank: { ShowPlan() },
        [
            .value("start", \.start, expected: "a time like \"20:00\""), .text("zone", \.zone),
            .integer("gap", \.gap, absent: 0, expected: "a whole number of seconds"),
            .integer("breakLength", \.breakLength, absent: 0, expected: "a whole number of seconds"),
            .integer("target", \.target, expected: "a whole number of seconds"),
            .list("breaks", \.breakLengths, emptyWhenAbsent: ()),
        ])
}

extension BreakLength: JSONRecord {
    public static let json = JSONMembers<BreakLength>(
        blank: { BreakLength(label: "", length: 0) },
        [
            .text("break", \.label), .integer("length", \.length, expected: "a whole number of seconds"),
            .integer("occurrence", \.occurrence, absent: 0, writtenWhen: { $0 > 0 }),
        ])
}

extension PlanStart: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        let text = try reader.readString()
        guard let start = PlanStart(parsing: text) else {
            throw reader.invalid("'\(text)' is not a start time; write \"20:00\" or \"2026-12-31 20:00\".")
        }
        self = start
    }

    public func write(json writer: inout JSONWriter) {
        writer.string(description)
    }
}

extension ReceivedPlaylist: JSONRecord {
    public static let json = JSONMembers<ReceivedPlaylist>(
        blank: { ReceivedPlaylist(name: "", order: []) },
        [
            .text("name", \.name), .list("order", \.order), .text("exported", \.exported), .value("plan", \.plan),
            JSONMember(
                "removed",
                read: { received, reader throws(JSONReadError) in
                    var copies: [String: SongFields] = [:]
                    try reader.readObject { id, reader throws(JSONReadError) in copies[id] = try SongFields(json: &reader) }
                    received.removed = copies
                },
                write: { received, writer in
                    guard let removed = received.removed else { return }
                    writer.member("removed") { writer in
                        writer.object { writer in
                            for (id, fields) in removed { writer.member(id, fields) }
                        }
                    }
                }, clear: { $0.removed = nil }),
        ])
}

extension PlaylistSlot: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var song: String?, label: String?, occurrence: Int?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "song": song = try reader.readString()
            case "break": label = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "occurrence": occurrence = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            default: try reader.skipValue()
            }
        }
        if let label {
            self = .setBreak(label, occurrence: occurrence ?? 0)
        } else {
            guard let song else { throw reader.missing("song") }
            self = .song(song)
        }
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            switch self {
            case .song(let id): writer.member("song", id)
            case .setBreak(let label, let occurrence):
                writer.member("break", label)
                if occurrence > 0 { writer.member("occurrence", occurrence) }
            }
        }
    }
}
