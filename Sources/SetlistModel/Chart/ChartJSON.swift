import SetlistSupport

/// A chart in JSON: `{"key": "G major", "lines": ["{soc}", "[G]Hello …"]}`, one line of the
/// chart a line of the file, so that a change to a chart shows in git as the lines it changed.
extension Chart: Codable {
    private enum CodingKeys: String, CodingKey { case key, lines }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lines: try container.decode([String].self, forKey: .lines), key: try container.decodeIfPresent(MusicalKey.self, forKey: .key))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(key, forKey: .key)
        try container.encode(lines, forKey: .lines)
    }
}

extension Chart: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var lines: [String]?, key: MusicalKey?
        try reader.readObject { member, reader throws(JSONReadError) in
            switch member {
            case "lines": lines = try reader.readArray { reader throws(JSONReadError) in try reader.readString() }
            case "key": key = try reader.readOptional { reader throws(JSONReadError) in try MusicalKey(json: &reader) }
            default: try reader.skipValue()
            }
        }
        guard let lines else { throw reader.missing("lines") }
        self.init(lines: lines, key: key)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("key", key)
            writer.member("lines") { writer in writer.array(lines) { writer, line in writer.string(line) } }
        }
    }
}
