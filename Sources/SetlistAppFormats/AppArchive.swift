import Foundation
import ZIPFoundation

/// A ZIP archive another app wrote (a SongbookPro backup, an OpenLP service), read in memory and
/// within bounds: nothing is ever written to disk (a member's path is only a name to look for),
/// the members are counted before any is read, and only the members the format names are
/// inflated, each stopped as soon as it grows past its limit, whatever its header claims. A ZIP
/// bomb is refused after at most ``maximumMemberSize`` bytes of work.
struct AppArchive {
    /// Far more members than any backup has (a SongbookPro backup with its PDFs has hundreds).
    static let maximumMembers = 20_000
    /// The largest member read: a backup's song data is a few megabytes.
    static let maximumMemberSize = 64 << 20

    let file: String
    private let archive: Archive
    /// Each member's path, as the archive names it.
    let memberNames: [String]

    /// Whether `bytes` start as a ZIP archive does.
    static func isArchive(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    init(_ bytes: [UInt8], file: String, maximumMembers: Int = maximumMembers) throws(AppFormatError) {
        self.file = file
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw .badArchive(file: file, detail: "it is not a ZIP archive that can be opened (\(error)).")
        }
        var names: [String] = []
        for entry in archive {
            guard names.count < maximumMembers else {
                throw .badArchive(file: file, detail: "it holds more than \(maximumMembers) members, far more than any backup.")
            }
            names.append(entry.path)
        }
        memberNames = names
    }

    /// The bytes of the member `name`, at most `limit` of them.
    func read(_ name: String, limit: Int = maximumMemberSize) throws(AppFormatError) -> [UInt8] {
        guard let entry = archive[name], entry.type == .file else {
            throw .badArchive(file: file, detail: "its member \(name) cannot be found.")
        }
        let tooLarge = AppFormatError.badArchive(
            file: file, detail: "its member \(name) unpacks to more than \(limit >> 20) MB, far more than any song data (a ZIP bomb?).")
        guard entry.uncompressedSize <= UInt64(limit) else { throw tooLarge }
        var bytes: [UInt8] = []
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                // The header's size may lie: the bytes themselves are counted.
                guard bytes.count + chunk.count <= limit else { throw tooLarge }
                bytes += chunk
            }
        } catch let error as AppFormatError {
            throw error
        } catch {
            throw .badArchive(file: file, detail: "its member \(name) is damaged (\(error)).")
        }
        return bytes
    }
}
