import Foundation
import SetlistModel
import SetlistSupport

/// The original iOS app's ("Playlists") files (see docs/plsts.md, "The original app's format"):
/// a song is `{"id": <integer>, "name", "author", "key", "pace", "length", "details"}`, a playlist
/// (also its `.plsts` files) `{"name", "length", "songs": [song copies]}`, the playlist order an
/// array of names, the contacts `[{"email", "name"}]`. The app writes every field, with `""` or
/// `0` (or `null`) for what is unknown.
public enum AppDocument {
    /// What a JSON file of the app's holds, told by its shape.
    public enum Content: Sendable {
        case songs([AppSong])
        case playlist(name: String?, songs: [AppSong])
        case order([String])
        case contacts([Contact])
    }

    /// A song as the app stores it, already read into setlist's values.
    public struct AppSong: Hashable, Sendable {
        public var id: Int
        public var fields: SongFields
    }

    /// The app's original id for a song of setlist: the number itself for a song that came from
    /// the app ("app-12"), else a stable number derived from the id, so the ids stay the same
    /// from one export to the next.
    public static func appID(for id: String) -> Int {
        if id.hasPrefix(idPrefix), let number = Int(id.dropFirst(idPrefix.count)) { return number }
        return Int(Identifier.derived(from: id.utf8).prefix(7), radix: 16)! + 1_000_000
    }

    /// setlist's id for the app's song `number`.
    public static func songID(for number: Int) -> String { idPrefix + String(number) }

    /// The app's song number a copy or original imported from the app is named by ("app-12"),
    /// also for a second copy of the song in one playlist ("app-12-2"); nil for other ids.
    static func appNumber(ofID id: String) -> Int? {
        guard id.hasPrefix(idPrefix) else { return nil }
        let rest = id.dropFirst(idPrefix.count)
        if let number = Int(rest) { return number }
        guard let dash = rest.lastIndex(of: "-"), dash != rest.startIndex, Int(rest[rest.index(after: dash)...]) != nil else {
            return nil
        }
        return Int(rest[..<dash])
    }

    /// The id of a playlist imported from the app into a library without one of its name (the
    /// app has no playlist ids): derived from the name, the same in every library.
    static func playlistID(named name: String) -> String {
        Identifier.derived(from: ("app-playlist/" + Text.fold(name)).utf8)
    }

    static let idPrefix = "app-"

    /// Whether `data` looks like one of the app's files (a JSON value without setlist's `format`).
    public static func recognises(_ data: Data) -> Bool {
        guard let json = try? JSONSerialization.jsonObject(with: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data) else {
            return false
        }
        if let object = json as? [String: Any] { return object["format"] == nil && object["songs"] != nil }
        return json is [Any]
    }

    /// Reads one of the app's files, telling which by its shape. Every problem is reported at once.
    public static func read(_ data: Data, source: String) throws(ExchangeError) -> Content {
        let bytes = try JSONPreflight.check(data, source: source)
        guard let json = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else {
            throw .invalidDocument(source: source, problems: ["it is not valid JSON, so it is not a file of the original app."])
        }
        var problems: [String] = []
        let content: Content
        if let object = json as? [String: Any], object["songs"] != nil {
            var name: String?
            switch object["name"] {
            case nil, is NSNull: break
            case let text as String: name = clean(text, at: "name", field: "playlist name", problems: &problems)
            default: problems.append("name: expected text.")
            }
            guard let list = object["songs"] as? [Any] else {
                throw .invalidDocument(source: source, problems: ["songs: expected a list of songs."])
            }
            content = .playlist(name: name, songs: songs(list, at: "songs", problems: &problems))
        } else if let list = json as? [Any] {
            if list.allSatisfy({ $0 is String }) {
                content = .order(list as! [String])
            } else if list.allSatisfy({ ($0 as? [String: Any])?["email"] != nil }) {
                var contacts: [Contact] = []
                for (index, entry) in list.enumerated() {
                    let object = entry as! [String: Any]
                    guard let email = object["email"] as? String, !email.isEmpty else {
                        problems.append("[\(index)].email: expected an email address.")
                        continue
                    }
                    let name = (object["name"] as? String).flatMap { clean($0, at: "[\(index)].name", field: "name", problems: &problems) }
                    contacts.append(Contact(name: name ?? email, email: email))
                }
                content = .contacts(contacts)
            } else {
                content = .songs(songs(list, at: "", problems: &problems))
            }
        } else {
            throw .invalidDocument(
                source: source,
                problems: [
                    "it is neither a list (songs, playlist order, contacts) nor a playlist ({\"name\", \"songs\"}) of the original app."
                ])
        }
        guard problems.isEmpty else { throw .invalidDocument(source: source, problems: problems) }
        return content
    }

    /// The app's playlist as a setlist document: the playlist keeps the id of the member's
    /// playlist of its name (the app has no playlist ids), each copy the id of the member's copy
    /// of the same song, so an update or a re-import finds them. What the app does not keep
    /// stays as the member has it: each copy's chart, the breaks (``withBreaks(of:around:)``)
    /// and the plan; the update would otherwise take them for removed by the sender.
    public static func setlist(name: String, songs: [AppSong], source: String, library: Library) -> SharedSetlist {
        let existing = library.playlists.first { Text.fold($0.name) == Text.fold(name) }
        let playlistID = existing?.id ?? playlistID(named: name)
        // The member's originals by app id, and the member's copies by app id, in order.
        var originalsByNumber: [Int: String] = [:]
        for song in library.songs { originalsByNumber[appID(for: song.id)] = originalsByNumber[appID(for: song.id)] ?? song.id }
        var copiesByNumber: [Int: [String]] = [:]
        var charts: [String: Chart] = [:]
        for copy in existing?.copies ?? [] {
            copiesByNumber[appID(for: copy.originalID ?? copy.id), default: []].append(copy.id)
            charts[copy.id] = copy.fields.chart
        }
        var items: [PlaylistItem] = []
        var originals: [Song] = []
        var used: Set<String> = []
        for song in songs {
            let original = originalsByNumber[song.id] ?? songID(for: song.id)
            var id = copiesByNumber[song.id]?.first { !used.contains($0) } ?? songID(for: song.id)
            var attempt = 1
            while used.contains(id) {
                attempt += 1
                id = songID(for: song.id) + "-\(attempt)"
            }
            used.insert(id)
            var fields = song.fields
            if fields.chart == nil { fields.chart = charts[id] }
            items.append(.song(SongCopy(id: id, originalID: original, fields: fields)))
            if !originals.contains(where: { $0.id == original }) { originals.append(Song(id: original, fields: song.fields)) }
        }
        items = withBreaks(of: existing, around: items)
        var playlist = Playlist(id: playlistID, name: name, items: items)
        playlist.plan = existing?.plan
        playlist.revisions = existing?.revisions
        return SharedSetlist(
            source: source, playlist: playlist, originals: originals,
            generator: "Playlists (iOS app)", exported: Date(timeIntervalSince1970: 0), version: PlstsFormat.version)
    }

    /// The app has no breaks: the member's breaks stay where they are, after the same songs.
    private static func withBreaks(of playlist: Playlist?, around items: [PlaylistItem]) -> [PlaylistItem] {
        guard let playlist else { return items }
        var after: [String?: [PlaylistItem]] = [:]
        var previous: String?
        for item in playlist.items {
            switch item {
            case .song(let copy): previous = copy.id
            case .setBreak: after[previous, default: []].append(item)
            }
        }
        var result = after[nil] ?? []
        for item in items {
            result.append(item)
            if case .song(let copy) = item { result += after[copy.id] ?? [] }
        }
        return result
    }

    /// `playlist` as the app's `.plsts`: `{"name", "length", "songs"}` with integer ids that stay
    /// the same from one export to the next, the key as text, the tempo as `pace`, `""` and `0`
    /// for what is unknown, and the breaks left out (the app has none).
    public static func export(_ playlist: Playlist) -> Data {
        let songs: [[String: Any]] = playlist.copies.map { copy in
            [
                "id": appID(for: copy.originalID ?? copy.id), "name": copy.fields.name, "author": copy.fields.author ?? "",
                "key": copy.fields.key?.description ?? "", "pace": copy.fields.bpm ?? 0, "length": copy.fields.length ?? 0,
                "details": copy.fields.notes ?? "",
            ]
        }
        let object: [String: Any] = ["name": playlist.name, "length": playlist.totalLength, "songs": songs]
        var data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    // MARK: Reading values as the app shows them

    private static func songs(_ list: [Any], at path: String, problems: inout [String]) -> [AppSong] {
        var result: [AppSong] = []
        for (index, entry) in list.enumerated() {
            let place = "\(path)[\(index)]"
            guard let object = entry as? [String: Any] else {
                problems.append("\(place): expected a song ({\"id\", \"name\", …}).")
                continue
            }
            if let song = song(object, at: place, problems: &problems) { result.append(song) }
        }
        return result
    }

    private static func song(_ object: [String: Any], at place: String, problems: inout [String]) -> AppSong? {
        let before = problems.count
        func number(_ key: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            switch object[key] {
            case nil, is NSNull: return nil
            case let value as NSNumber where String(cString: value.objCType) != "c" && value.doubleValue == value.doubleValue.rounded():
                guard let number = exactInt(value) else {
                    problems.append("\(place).\(key): \(value.stringValue) is not \(what).")
                    return nil
                }
                if number == 0 && key != "id" { return nil }
                guard range.contains(number) else {
                    problems.append("\(place).\(key): \(number) is not \(what).")
                    return nil
                }
                return number
            default:
                problems.append("\(place).\(key): expected a whole number (\(what)).")
                return nil
            }
        }
        func text(_ key: String) -> String? {
            switch object[key] {
            case nil, is NSNull: return nil
            case let value as String: return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
            default:
                problems.append("\(place).\(key): expected text.")
                return nil
            }
        }
        guard let id = number("id", Int.min...Int.max, "the song's id") else {
            if object["id"] == nil || object["id"] is NSNull { problems.append("\(place): the song has no \"id\".") }
            return nil
        }
        guard let rawName = text("name") else {
            problems.append("\(place).name: the song has no name.")
            return nil
        }
        let name = clean(rawName, at: "\(place).name", field: "song name", problems: &problems)
        let author = text("author").flatMap { clean($0, at: "\(place).author", field: "author", problems: &problems) }
        let length = number("length", 1...SongLength.maximum, "a length in seconds (1 to \(SongLength.maximum))")
        let bpm = number("pace", Tempo.range, "a tempo (\(Tempo.range.lowerBound) to \(Tempo.range.upperBound) BPM)")
        var key: MusicalKey?
        if let written = text("key") {
            key = appKey(written)
            if key == nil {
                problems.append("\(place).key: \(ControlCharacters.quoted(written)) is not a key like \"A major\" or \"a moll\".")
            }
        }
        var notes: String?
        if let details = text("details") {
            do { notes = try Text.cleanNotes(details) } catch { problems.append("\(place).details: \(error.description)") }
        }
        guard problems.count == before, let name else { return nil }
        return AppSong(id: id, fields: SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes))
    }

    /// The whole number `value` holds, or nil past 64 bits, where `intValue` saturates (and
    /// 1e20 and 1e21 were one id).
    static func exactInt(_ value: NSNumber) -> Int? {
        switch String(cString: value.objCType) {
        case "d", "f": Int(exactly: value.doubleValue)
        case "Q", "L", "I", "S", "C": Int(exactly: value.uint64Value)
        default: Int(exactly: value.int64Value)
        }
    }

    /// A key as people type it into the app: "A major", "Amaj", "a moll", "Fis-dur".
    static func appKey(_ written: String) -> MusicalKey? {
        let text = written.trimmingCharacters(in: .whitespaces)
        if let key = MusicalKey(parsing: text) { return key }
        let lower = text.lowercased()
        for (suffix, replacement) in [("maj", " major"), ("major", " major"), ("min", " minor"), (" moll", "-moll"), (" dur", "-dur")]
        where lower.hasSuffix(suffix) {
            let stem = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            if let key = MusicalKey(parsing: stem + replacement) { return key }
        }
        return nil
    }

    private static func clean(_ text: String, at place: String, field: String, problems: inout [String]) -> String? {
        do { return try Text.cleanName(text, field: field) } catch {
            problems.append("\(place): \(error.description)")
            return nil
        }
    }
}
