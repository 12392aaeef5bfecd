import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where each song of a large song list lies, kept in the user's cache folder, so that a command
/// that needs a few originals (`show`, `pdf`, `export`, `live` of one setlist) reads those songs
/// instead of passing over all 30 000 of a 13 MB `songs.json`.
///
/// Not in the library folder: a sync tool or git shares that folder, and an index made on one
/// computer names a file that only exists there. The index names the song list it was made from
/// by device, inode, size and both times as `stat` gives them: setlist replaces the file on every
/// change (a new inode), and any other writer changes its change time. A song read through it
/// must still be a whole object with the id asked for, and the index's own bytes must match its
/// checksum; anything else and the list is skimmed whole, as with no index, which writes a new one.
struct SongIndex: Sendable {
    /// The folder of the index files (created when the first is written).
    let folder: String
    /// Below this size the whole list is skimmed in less time than an index takes to read.
    var minimumFileSize = 1 << 20

    /// One song's object in the list: the hash of its id (``XXH64``), where its `{` is and how
    /// many bytes it takes up to its `}`.
    struct Record: Equatable {
        var hash: UInt64
        var offset: UInt32
        var length: UInt32
    }

    /// What names one version of a file: what `stat` says of it.
    struct FileIdentity: Equatable {
        /// Device, inode, size, then the modification and the change time, each as seconds and
        /// nanoseconds: the seven words the index file's header holds.
        var fields: [Int64]
        private static let nanosecondFields = [4, 6]

        init(_ info: stat) {
            #if canImport(Darwin)
                let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
                let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            fields = [
                Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
                Int64(modified.tv_sec), Int64(modified.tv_nsec), Int64(changed.tv_sec), Int64(changed.tv_nsec),
            ]
        }

        init(fields: [Int64]) {
            self.fields = fields
        }

        /// Whether both times are whole seconds: a file system that keeps no finer times (FAT, some
        /// network shares) may change a file twice within one of them, unseen; no index is made of it.
        var hasCoarseTimes: Bool { Self.nanosecondFields.allSatisfy { fields[$0] == 0 } }
    }

    /// The index file of the song list at `songsPath`.
    func indexPath(of songsPath: String) -> String {
        folder + "/songs-" + Hex.digits(XXH64.hash(songsPath), 16) + ".index"
    }

    /// The songs with these ids from the song list at `songsPath`, in the file's order, read
    /// through its index, or when that is missing or stale, by skimming the list (which then writes
    /// the index); nil when the list is too small to index, cannot be opened, is not laid out as
    /// setlist writes it, or a song in it does not decode: the caller reads it as ever, reporting
    /// any error.
    func songs(withIDs ids: Set<String>, songsPath: String) -> [Song]? {
        withList(at: songsPath) { fd, identity, size in
            let indexPath = indexPath(of: songsPath)
            if let songs = Self.indexedSongs(withIDs: ids, index: indexPath, list: fd, identity, size) { return songs }
            guard let data = FileReading.mappedBytes(of: fd, size: size),
                let (songs, records) = LibraryFiles.songsAsWritten(withIDs: ids, in: data, recording: true)
            else { return nil }
            // A cache: a folder that cannot be written only costs the next command the skim.
            if !identity.hasCoarseTimes { try? write(records, for: identity, to: indexPath) }
            return songs
        }
    }

    /// The same songs read through the index alone; nil when there is no index of the list as it
    /// is now, or what it points at is not a wanted song.
    func indexedSongs(withIDs ids: Set<String>, songsPath: String) -> [Song]? {
        withList(at: songsPath) { fd, identity, size in
            Self.indexedSongs(withIDs: ids, index: indexPath(of: songsPath), list: fd, identity, size)
        }
    }

    /// The songs read through the index at `indexPath`, if it is of the open list `fd`.
    private static func indexedSongs(
        withIDs ids: Set<String>, index indexPath: String, list fd: Int32, _ identity: FileIdentity, _ size: Int
    )
        -> [Song]?
    {
        table(atPath: indexPath, for: identity).flatMap { songs(withIDs: ids, in: $0, from: fd, size: size) }
    }

    /// `body` with the song list at `path` open, when it is a regular file large enough to index.
    private func withList(at path: String, _ body: (_ fd: Int32, _ identity: FileIdentity, _ size: Int) -> [Song]?) -> [Song]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= minimumFileSize,
            info.st_size < Int64(UInt32.max)
        else { return nil }
        return body(fd, FileIdentity(info), Int(info.st_size))
    }

    /// The songs of `records` whose ids are wanted, each read from the list by itself.
    private static func songs(withIDs ids: Set<String>, in table: Table, from fd: Int32, size: Int) -> [Song]? {
        var found: [(offset: UInt32, song: Song)] = []
        let decoder = JSONDecoder()
        for id in ids {
            for record in table.matching(XXH64.hash(id)) {
                guard Int(record.offset) + Int(record.length) <= size else { return nil }
                var bytes = Data(count: Int(record.length))
                let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(record.offset)) }
                guard count == Int(record.length), bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}"),
                    let song = SongListCodec.song(bytes) ?? (try? decoder.decode(Song.self, from: bytes))
                else { return nil }
                // Another id with the same hash is passed over; the wanted one has a record of its own.
                if song.id == id { found.append((record.offset, song)) }
            }
        }
        return found.sorted { $0.offset < $1.offset }.map(\.song)
    }

    // MARK: The index file

    /// "SONGIDX1": setlist's song index, version 1.
    private static let magic: UInt64 = 0x3158_4449_474E_4F53
    /// The header, in words of 8 bytes: the magic, the checksum (of every byte after it), the seven
    /// identity fields and the count of records, which follow it.
    private static let checksumWord = 1, identityWord = 2, countWord = 9, headerSize = 8 * 10
    private static let recordSize = 16

    /// The records of an index file, sorted by hash, read in place.
    struct Table {
        let data: Data
        let count: Int

        func record(_ index: Int) -> Record {
            data.withUnsafeBytes { raw in
                let at = SongIndex.headerSize + index * SongIndex.recordSize
                return Record(
                    hash: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)),
                    offset: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self)),
                    length: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self)))
            }
        }

        /// The records with this hash (one, unless two ids share it or an id is given twice).
        func matching(_ hash: UInt64) -> [Record] {
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if record(middle).hash < hash { low = middle + 1 } else { high = middle }
            }
            var found: [Record] = []
            while low < count, case let record = record(low), record.hash == hash {
                found.append(record)
                low += 1
            }
            return found
        }
    }

    /// The records of the index at `path` when it is whole and made from the file `identity` names.
    static func table(atPath path: String, for identity: FileIdentity) -> Table? {
        guard let data = try? FileReading.dataIfPresent(atPath: path), data.count >= headerSize else { return nil }
        return data.withUnsafeBytes { raw -> Table? in
            func word(_ index: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)) }
            let fields = identity.fields.indices.map { Int64(bitPattern: word(identityWord + $0)) }
            guard word(0) == magic, fields == identity.fields else { return nil }
            let count = Int(clamping: word(countWord))
            guard count <= (data.count - headerSize) / recordSize, data.count == headerSize + count * recordSize,
                XXH64.hash(UnsafeRawBufferPointer(rebasing: raw[(8 * identityWord)...])) == word(checksumWord)
            else { return nil }
            return Table(data: data, count: count)
        }
    }

    /// The bytes of the index of the list `identity` names, with these records.
    static func bytes(of records: [Record], for identity: FileIdentity) -> Data {
        let sorted = sortedByHash(records)
        var bytes = [UInt8](repeating: 0, count: headerSize + sorted.count * recordSize)
        bytes.withUnsafeMutableBytes { raw in
            func store<Word: FixedWidthInteger>(_ value: Word, at offset: Int) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Word.self)
            }
            store(magic, at: 0)
            for (index, field) in identity.fields.enumerated() { store(field, at: 8 * (identityWord + index)) }
            store(UInt64(sorted.count), at: 8 * countWord)
            for (index, record) in sorted.enumerated() {
                let at = headerSize + index * recordSize
                store(record.hash, at: at)
                store(record.offset, at: at + 8)
                store(record.length, at: at + 12)
            }
            store(XXH64.hash(UnsafeRawBufferPointer(rebasing: raw[(8 * identityWord)...])), at: 8 * checksumWord)
        }
        return Data(bytes)
    }

    /// The records by hash, those with the same hash in the order given: counted into buckets by
    /// the hash's top 16 bits, which the hash spreads evenly, then each small bucket put in order by
    /// insertion (a comparison sort of 30 000 records took 12 M instructions, as long as the skim).
    static func sortedByHash(_ records: [Record]) -> [Record] {
        guard records.count > 1 else { return records }
        var starts = [Int](repeating: 0, count: (1 << 16) + 1)
        for record in records { starts[Int(record.hash >> 48) + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var next = starts
        var sorted = records
        for record in records {
            let bucket = Int(record.hash >> 48)
            sorted[next[bucket]] = record
            next[bucket] += 1
        }
        for bucket in 0..<(1 << 16) where starts[bucket + 1] - starts[bucket] > 1 {
            for index in (starts[bucket] + 1)..<starts[bucket + 1] {
                let record = sorted[index]
                var at = index
                while at > starts[bucket], sorted[at - 1].hash > record.hash {
                    sorted[at] = sorted[at - 1]
                    at -= 1
                }
                sorted[at] = record
            }
        }
        return sorted
    }

    /// Writes the index of the list `identity` names, atomically: a reader sees the old index or
    /// the new one, never part of one. A link in its place is replaced, not written through: it
    /// could point anywhere, and the index is setlist's own file.
    func write(_ records: [Record], for identity: FileIdentity, to path: String) throws {
        // mkdir first: FileManager's way costs more, and the folder is there but for the first time.
        if mkdir(folder, 0o755) != 0 && errno != EEXIST { try AtomicFile.makeFolder(URL(fileURLWithPath: folder)) }
        try AtomicFile.write(
            Self.bytes(of: records, for: identity), to: URL(fileURLWithPath: path), newFileMode: AtomicFile.privateMode,
            followingLinks: false)
    }
}
