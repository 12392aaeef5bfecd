import Foundation

/// History entries (`.history/NNNNNNNN.json`) read and written directly, without Codable: every
/// command reads the last entry to see whether a change was cut short, and every change writes
/// one, and the decoder's and encoder's set-up was most of that work (a third of a millisecond a
/// command).
///
/// As ``SongListCodec`` does, both keep to Codable, which stays the definition: writing gives
/// ``JSONFormat/document(_:)``'s bytes; reading takes the members the encoder writes, each once,
/// with plain values, and gives nil for anything else (an unknown key, bytes stored as base64, a
/// number with a fraction), which the decoder then reads with its errors.
/// `HistoryRecordCodecTests` compares both with Codable on random entries.
enum HistoryRecordCodec {
    // MARK: Reading

    /// The entry read, or nil for the decoder to read it.
    static func read(_ data: Data) -> History.Record? {
        data.withUnsafeBytes { raw -> History.Record? in
            var skim = JSONSkim(raw)
            var format: String?, version: Int?, command: String?, date: String?, changes: [FileDelta]?
            let plain = skim.members { key, skim in
                switch key {
                case "format": return skim.read(&format) { $0.text() }
                case "version": return skim.read(&version) { $0.integer() }
                case "command": return skim.read(&command) { $0.text() }
                case "date": return skim.read(&date) { $0.text() }
                case "changes": return skim.read(&changes, with: readChanges)
                default: return false
                }
            }
            guard plain, skim.isAtEnd, let format, let version, let command, let date, let changes else { return nil }
            return History.Record(format: format, version: version, command: command, date: date, changes: changes)
        }
    }

    private static func readChanges(_ skim: inout JSONSkim) -> [FileDelta]? {
        var changes: [FileDelta] = []
        let plain = skim.elements { skim in
            var path: String?, before: String?, after: String?, hunks: [FileDelta.Hunk]?
            let read = skim.members { key, skim in
                switch key {
                case "path": return skim.read(&path) { $0.text() }
                case "before": return skim.read(&before) { $0.text() }
                case "after": return skim.read(&after) { $0.text() }
                case "hunks": return skim.read(&hunks, with: readHunks)
                default: return false
                }
            }
            guard read, let path, let before, let after, let hunks else { return false }
            changes.append(FileDelta(path: path, before: before, after: after, hunks: hunks))
            return true
        }
        return plain ? changes : nil
    }

    private static func readHunks(_ skim: inout JSONSkim) -> [FileDelta.Hunk]? {
        var hunks: [FileDelta.Hunk] = []
        let plain = skim.elements { skim in
            var at: Int?, to: Int?, removed: String?, added: String?
            let read = skim.members { key, skim in
                switch key {
                case "at": return skim.read(&at) { $0.integer() }
                case "to": return skim.read(&to) { $0.integer() }
                // Bytes that are not UTF-8 are stored as `{"base64": …}`: the decoder's to read.
                case "removed": return skim.read(&removed) { $0.text() }
                case "added": return skim.read(&added) { $0.text() }
                default: return false
                }
            }
            guard read, let at, let to, let removed, let added else { return false }
            hunks.append(FileDelta.Hunk(at: at, to: to, removed: StoredBytes(Data(removed.utf8)), added: StoredBytes(Data(added.utf8))))
            return true
        }
        return plain ? hunks : nil
    }

    // MARK: Writing

    /// The entry's bytes as ``JSONFormat/document(_:)`` writes them.
    static func write(_ record: History.Record) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(512 + record.changes.reduce(0) { $0 + $1.hunks.reduce(0) { $0 + $1.added.data.count + $1.removed.data.count } })
        SongListCodec.append("{\n  \"changes\" : [\n", to: &out)
        if record.changes.isEmpty { SongListCodec.append("\n", to: &out) }
        for (index, change) in record.changes.enumerated() {
            SongListCodec.append("    {\n      \"after\" : ", to: &out)
            SongListCodec.string(change.after, into: &out)
            SongListCodec.append(",\n      \"before\" : ", to: &out)
            SongListCodec.string(change.before, into: &out)
            SongListCodec.append(",\n      \"hunks\" : [\n", to: &out)
            if change.hunks.isEmpty { SongListCodec.append("\n", to: &out) }
            for (number, hunk) in change.hunks.enumerated() {
                SongListCodec.append("        {\n          \"added\" : ", to: &out)
                bytes(hunk.added, into: &out)
                SongListCodec.append(",\n          \"at\" : ", to: &out)
                out += String(hunk.at).utf8
                SongListCodec.append(",\n          \"removed\" : ", to: &out)
                bytes(hunk.removed, into: &out)
                SongListCodec.append(",\n          \"to\" : ", to: &out)
                out += String(hunk.to).utf8
                SongListCodec.append(number == change.hunks.count - 1 ? "\n        }\n" : "\n        },\n", to: &out)
            }
            SongListCodec.append("      ],\n      \"path\" : ", to: &out)
            SongListCodec.string(change.path, into: &out)
            SongListCodec.append(index == record.changes.count - 1 ? "\n    }\n" : "\n    },\n", to: &out)
        }
        SongListCodec.append("  ],\n  \"command\" : ", to: &out)
        SongListCodec.string(record.command, into: &out)
        SongListCodec.append(",\n  \"date\" : ", to: &out)
        SongListCodec.string(record.date, into: &out)
        SongListCodec.append(",\n  \"format\" : ", to: &out)
        SongListCodec.string(record.format, into: &out)
        SongListCodec.append(",\n  \"version\" : ", to: &out)
        out += String(record.version).utf8
        SongListCodec.append("\n}\n", to: &out)
        return Data(out)
    }

    /// Stored bytes as ``StoredBytes`` encodes them: as text when they are UTF-8, else as base64.
    private static func bytes(_ stored: StoredBytes, into out: inout [UInt8]) {
        if let text = stored.text {
            SongListCodec.string(text, into: &out)
        } else {
            SongListCodec.append("{\n            \"base64\" : ", to: &out)
            SongListCodec.string(stored.data.base64EncodedString(), into: &out)
            SongListCodec.append("\n          }", to: &out)
        }
    }

}
