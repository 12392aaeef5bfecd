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
            hunks.append(
                FileDelta.Hunk(at: at, to: to, removed: StoredBytes(Data(utf8Of: removed)), added: StoredBytes(Data(utf8Of: added))))
            return true
        }
        return plain ? hunks : nil
    }

    // MARK: Writing

    /// The entry's bytes as ``JSONFormat/document(_:)`` writes them.
    static func write(_ record: History.Record) -> Data {
        var writer = JSONFormat.Writer(
            capacity: 512 + record.changes.reduce(0) { $0 + $1.hunks.reduce(0) { $0 + $1.added.data.count + $1.removed.data.count } })
        writer.object { writer in
            writer.key("changes")
            writer.array(record.changes) { writer, change in
                writer.object { writer in
                    writer.member("after", change.after)
                    writer.member("before", change.before)
                    writer.key("hunks")
                    writer.array(change.hunks) { writer, hunk in
                        writer.object { writer in
                            writer.key("added")
                            bytes(hunk.added, into: &writer)
                            writer.member("at", hunk.at)
                            writer.key("removed")
                            bytes(hunk.removed, into: &writer)
                            writer.member("to", hunk.to)
                        }
                    }
                    writer.member("path", change.path)
                }
            }
            writer.member("command", record.command)
            writer.member("date", record.date)
            writer.member("format", record.format)
            writer.member("version", record.version)
        }
        return writer.document
    }

    /// Stored bytes as ``StoredBytes`` encodes them: as text when they are UTF-8, else as base64.
    private static func bytes(_ stored: StoredBytes, into writer: inout JSONFormat.Writer) {
        if let text = stored.text {
            writer.string(text)
        } else {
            writer.object { $0.member("base64", stored.data.base64EncodedString()) }
        }
    }
}
