import SetlistSupport

/// The JSON of a gig and of the songs played at it: the one place their members are named.
extension Gig: JSONRecord {
    public static let json = JSONMembers<Gig>(
        blank: { Gig(id: "", date: "", playlist: "", songs: []) },
        [
            JSONMember(
                "id",
                read: { gig, reader throws(JSONReadError) in
                    let text = try reader.readString()
                    // The id names the gig's file: letters, digits and "-" only.
                    guard isSafeID(text) else { throw reader.invalid("\"\(text)\" is not an id; ids are letters and digits.") }
                    gig.id = text
                }, write: { $1.member("id", $0.id) }),
            JSONMember(
                "date",
                read: { gig, reader throws(JSONReadError) in
                    let text = try reader.readString()
                    guard PlanStart.Day(parsing: text) != nil else {
                        throw reader.invalid("\"\(text)\" is not a date; write \"2026-03-14\".")
                    }
                    gig.date = text
                }, write: { $1.member("date", $0.date) }),
            .text("playlist", \.playlist),
            .list("songs", \.songs),
            .text("playlistID", \.playlistID),
            .text("venue", \.venue),
            moment("started", \.started),
        ])

    /// Whether `id` may be part of a file name: 1 to 64 ASCII letters, digits and "-".
    static func isSafeID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) && $0 < 0x80
            }
    }

    /// A member holding an ISO 8601 moment, refused when it is not one.
    static func moment<Record>(_ key: String, _ path: WritableKeyPath<Record, String?> & Sendable) -> JSONMember<Record> {
        JSONMember(
            key,
            read: { record, reader throws(JSONReadError) in
                let text = try reader.readString()
                guard DateText.date(fromISO8601: text) != nil else {
                    throw reader.invalid("\"\(text)\" is not a moment; write ISO 8601 such as \"2026-03-14T19:02:11Z\".")
                }
                record[keyPath: path] = text
            }, write: { $1.member(key, $0[keyPath: path]) }, clear: { $0[keyPath: path] = nil })
    }
}

extension PlayedSong: JSONRecord {
    public static let json = JSONMembers<PlayedSong>(
        blank: { PlayedSong(name: "") },
        [
            .text("name", \.name), .text("copy", \.copy), .text("original", \.original), .text("author", \.author),
            seconds("length", \.length), Gig.moment("started", \.started), seconds("shown", \.shown),
        ])

    /// A member holding a count of seconds, never negative.
    private static func seconds(_ key: String, _ path: WritableKeyPath<PlayedSong, Int?> & Sendable) -> JSONMember<PlayedSong> {
        JSONMember(
            key,
            read: { song, reader throws(JSONReadError) in
                let value = try reader.readInt()
                if value < 0 { throw reader.invalid("\(value) seconds is less than none.") }
                song[keyPath: path] = value
            }, write: { $1.member(key, $0[keyPath: path]) }, clear: { $0[keyPath: path] = nil })
    }
}
