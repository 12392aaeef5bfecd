import Foundation

/// A song list written again after a change by keeping the bytes of every song that did not
/// change: a change touches one song or a few, and encoding all of them again was most of the
/// work of `add-song` and `edit-song` after reading (2.8 of 10 M instructions at 400 songs; at
/// 30 000 songs, 13 MB encoded for every song added).
extension SongListCodec {
    /// `file` as ``write(_:)`` writes it, taking each song that is in the list `read` unchanged
    /// from the bytes `data` that ``read(_:)`` read it from, where it noted the song lies; nil when
    /// that cannot give those same bytes, for ``write(_:)`` to write the file: conflicts, an empty
    /// list, or a file not laid out as setlist writes it around its songs
    /// (written by hand, by an older version, or compact). A kept song keeps its bytes whole, so
    /// whatever the decoder passed over inside it stays.
    static func spliced(_ file: LibraryFiles.SongsFile, keeping list: LibraryFiles.SongsFile, from data: Data) -> Data? {
        let read = list.songs
        guard file.conflicts == nil, !read.isEmpty, !file.songs.isEmpty, let ranges = list.songRanges, ranges.count == read.count,
            ranges.last.map({ $0.upperBound <= data.count }) == true
        else { return nil }
        return data.withUnsafeBytes { raw -> Data? in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            guard laidOut(bytes, around: ranges, as: file) else { return nil }
            // Each song is looked for where the one before it was read, then by its id: a change
            // mostly keeps the order, and then no table of the ids is made.
            var next = 0
            var position: [String: Int]?
            return write(file) { _, song in
                var index = next
                if index == read.count || read[index].id != song.id {
                    if position == nil {
                        position = Dictionary(read.indices.map { (read[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
                    }
                    guard let found = position?[song.id] else { return nil }
                    index = found
                }
                next = index + 1
                guard read[index] == song else { return nil }
                return UnsafeBufferPointer(rebasing: bytes[ranges[index]])
            }
        }
    }

    /// Whether `bytes` hold, before, between and after the songs at `ranges`, what ``write(_:)``
    /// puts there for `file`'s format and version: then a kept song sits where it puts one. What
    /// it puts there is read off a list of placeholders written the same way.
    private static func laidOut(_ bytes: UnsafeBufferPointer<UInt8>, around ranges: [Range<Int>], as file: LibraryFiles.SongsFile) -> Bool {
        // Bytes that JSON text never holds raw, one per song of a list of two.
        let marks: [UInt8] = [0, 1]
        let probe = LibraryFiles.SongsFile(
            format: file.format, version: file.version, songs: Array(repeating: file.songs[0], count: 2), conflicts: nil)
        let layout = marks.withUnsafeBufferPointer { marks in
            [UInt8](write(probe) { index, _ in UnsafeBufferPointer(rebasing: marks[index...index]) })
        }
        guard let first = layout.firstIndex(of: 0), let second = layout.firstIndex(of: 1) else { return false }
        func holds(_ part: ArraySlice<UInt8>, at start: Int, upTo end: Int) -> Bool {
            end - start == part.count && part.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + start, $0.baseAddress!, $0.count) == 0 }
        }
        guard holds(layout[..<first], at: 0, upTo: ranges[0].lowerBound),
            holds(layout[(second + 1)...], at: ranges[ranges.count - 1].upperBound, upTo: bytes.count)
        else { return false }
        let between = layout[(first + 1)..<second]
        return zip(ranges, ranges.dropFirst()).allSatisfy { holds(between, at: $0.upperBound, upTo: $1.lowerBound) }
    }
}
