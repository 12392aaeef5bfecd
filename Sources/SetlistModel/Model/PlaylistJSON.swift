import SetlistSupport

/// The JSON of what a playlist file holds besides its items: the plan, and the record of a
/// playlist received in a `.plsts` document. Their `Codable` conformances are the definition the
/// tests compare these with.
extension ShowPlan: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var plan = ShowPlan()
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "start": plan.start = try reader.readOptional { reader throws(JSONReadError) in try PlanStart(json: &reader) }
            case "zone": plan.zone = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "gap": plan.gap = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() } ?? 0
            case "breakLength": plan.breakLength = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() } ?? 0
            case "target": plan.target = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case "breaks":
                plan.breakLengths =
                    try reader.readOptional { reader throws(JSONReadError) in
                        try reader.readArray { reader throws(JSONReadError) in try BreakLength(json: &reader) }
                    } ?? []
            default: try reader.skipValue()
            }
        }
        self = plan
    }

    /// Optional parts only when they are there, so a plan without them is stored as before.
    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("breakLength", breakLength)
            if !breakLengths.isEmpty { writer.member("breaks", breakLengths) }
            writer.member("gap", gap)
            writer.member("start", start?.description)
            writer.member("target", target)
            writer.member("zone", zone)
        }
    }
}

extension BreakLength: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var label: String?, occurrence: Int?, length: Int?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "break": label = try reader.readString()
            case "occurrence": occurrence = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case "length": length = try reader.readInt()
            default: try reader.skipValue()
            }
        }
        guard let label else { throw reader.missing("break") }
        guard let length else { throw reader.missing("length") }
        self.init(label: label, occurrence: occurrence ?? 0, length: length)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("break", label)
            writer.member("length", length)
            if occurrence > 0 { writer.member("occurrence", occurrence) }
        }
    }
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

extension ReceivedPlaylist: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var name: String?, order: [PlaylistSlot]?, plan: ShowPlan?, exported: String?, removed: [String: SongFields]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "removed":
                removed = try reader.readOptional { reader throws(JSONReadError) in
                    var copies: [String: SongFields] = [:]
                    try reader.readObject { id, reader throws(JSONReadError) in copies[id] = try SongFields(json: &reader) }
                    return copies
                }
            case "exported": exported = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "name": name = try reader.readString()
            case "order": order = try reader.readArray { reader throws(JSONReadError) in try PlaylistSlot(json: &reader) }
            case "plan": plan = try reader.readOptional { reader throws(JSONReadError) in try ShowPlan(json: &reader) }
            default: try reader.skipValue()
            }
        }
        guard let name else { throw reader.missing("name") }
        guard let order else { throw reader.missing("order") }
        self.init(name: name, order: order, plan: plan, exported: exported, removed: removed)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("exported", exported)
            writer.member("name", name)
            writer.member("order", order)
            writer.member("plan", plan)
            if let removed {
                writer.member("removed") { writer in
                    writer.object { writer in
                        for (id, fields) in removed { writer.member(id, fields) }
                    }
                }
            }
        }
    }
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
