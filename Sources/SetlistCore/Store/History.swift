import Foundation

/// The recent changes to the library, kept so they can be undone: the files each change touched,
/// as they were before and after it. Only the last ``limit`` changes are kept.
public struct History: Sendable {
    public static let folder = ".history"
    public static let limit = 50

    /// One recorded change.
    public struct Entry: Sendable, Codable, Hashable {
        public var command: String
        public var date: Date
        public var changes: [FileChange]
    }

    let root: URL

    public init(root: URL) {
        self.root = root
    }

    var folderURL: URL { root.appendingPathComponent(Self.folder) }

    /// Appends a change and forgets the oldest beyond the limit.
    func record(command: String, changes: [FileChange]) throws(LibraryError) {
        try AtomicFile.makeFolder(folderURL)
        let numbers = entryNumbers()
        let next = (numbers.last ?? 0) + 1
        let entry = Entry(command: command, date: Date(), changes: changes)
        try AtomicFile.write(LibraryFiles.encode(entry), to: folderURL.appendingPathComponent(Self.fileName(next)))
        for old in numbers.dropLast(max(0, Self.limit - 1)) {
            try? AtomicFile.remove(folderURL.appendingPathComponent(Self.fileName(old)))
        }
    }

    /// The numbers of the recorded entries, oldest first.
    func entryNumbers() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folderURL.path)) ?? []
        return names.compactMap { name in
            name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil
        }.sorted()
    }

    static func fileName(_ number: Int) -> String {
        String(number).leftPadded(to: 8) + ".json"
    }
}
