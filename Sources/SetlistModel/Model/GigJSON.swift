import SetlistSupport

/// The JSON of a gig and of the songs played at it: the one place their members are named. The
/// `Codable` conformances in Gig.swift are the definition the tests compare these with
/// (LibraryFileJSONTests).
extension Gig: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var id: String?, date: String?, started: String?, playlist: String?, playlistID: String?, venue: String?
        var songs: [PlayedSong]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "id":
                let text = try reader.readString()
                // The id names the gig's file: letters, digits and "-" only.
                guard Self.isSafeID(text) else { throw reader.invalid("\"\(text)\" is not an id; ids are letters and digits.") }
                id = text
            case "date":
                let text = try reader.readString()
                guard PlanStart.Day(parsing: text) != nil else { throw reader.invalid("\"\(text)\" is not a date; write \"2026-03-14\".") }
                date = text
            case "started": started = try Self.readMoment(&reader)
            case "playlist": playlist = try reader.readString()
            case "playlistID": playlistID = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "venue": venue = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "songs": songs = try reader.readArray { reader throws(JSONReadError) in try PlayedSong(json: &reader) }
            default: try reader.skipValue()
            }
        }
        guard let id else { throw reader.missing("id") }
        guard let date else { throw reader.missing("date") }
        guard let playlist else { throw reader.missing("playlist") }
        guard let songs else { throw reader.missing("songs") }
        self.init(id: id, date: date, started: started, playlist: playlist, playlistID: playlistID, venue: venue, songs: songs)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("date", date)
            writer.member("id", id)
            writer.member("playlist", playlist)
            writer.member("playlistID", playlistID)
            writer.member("songs", songs)
            writer.member("started", started)
            writer.member("venue", venue)
        }
    }

    /// Whether `id` may be part of a file name: 1 to 64 ASCII letters, digits and "-".
    static func isSafeID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) && $0 < 0x80
            }
    }

    /// An optional ISO 8601 moment, refused when it is not one.
    static func readMoment(_ reader: inout JSONReader) throws(JSONReadError) -> String? {
        guard let text = try reader.readOptional({ reader throws(JSONReadError) in try reader.readString() }) else { return nil }
        guard DateText.date(fromISO8601: text) != nil else {
            throw reader.invalid("\"\(text)\" is not a moment; write ISO 8601 such as \"2026-03-14T19:02:11Z\".")
        }
        return text
    }
}

extension PlayedSong: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var copy: String?, original: String?, name: String?, author: String?, length: Int?, started: String?, shown: Int?
        /// A count of seconds, never negative.
        func seconds(_ reader: inout JSONReader) throws(JSONReadError) -> Int? {
            let value = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            if let value, value < 0 { throw reader.invalid("\(value) seconds is less than none.") }
            return value
        }
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "copy": copy = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "original": original = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "name": name = try reader.readString()
            case "author": author = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "length": length = try seconds(&reader)
            case "started": started = try Gig.readMoment(&reader)
            case "shown": shown = try seconds(&reader)
            default: try reader.skipValue()
            }
        }
        guard let name else { throw reader.missing("name") }
        self.init(copy: copy, original: original, name: name, author: author, length: length, started: started, shown: shown)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("author", author)
            writer.member("copy", copy)
            writer.member("length", length)
            writer.member("name", name)
            writer.member("original", original)
            writer.member("shown", shown)
            writer.member("started", started)
        }
    }
}
