/// The words for how many songs a playlist holds and how long it lasts, the same in `show`, the
/// PDF, the email and stage mode.
public enum PlaylistSummary {
    /// "1 song", "12 songs".
    public static func songs(_ count: Int) -> String {
        count == 1 ? "1 song" : "\(count) songs"
    }

    /// "1 song without a length", "3 songs without a length", or "no song has a length" when
    /// `count` is given and none of them has one; nil when every song has a length.
    public static func lengthsMissing(_ unknown: Int, of count: Int? = nil) -> String? {
        guard unknown > 0 else { return nil }
        if unknown == count { return "no song has a length" }
        return songs(unknown) + " without a length"
    }

    /// "48:10", or "48:10 (1 song without a length)".
    public static func total(_ seconds: Int, unknown: Int, of count: Int? = nil) -> String {
        SongLength.format(seconds) + (lengthsMissing(unknown, of: count).map { " (\($0))" } ?? "")
    }

    /// "12 songs, 48:10", noting songs without a length.
    public static func text(count: Int, total seconds: Int, unknown: Int) -> String {
        songs(count) + ", " + total(seconds, unknown: unknown, of: count)
    }

    /// ``text(count:total:unknown:)`` of `playlist`.
    public static func text(_ playlist: Playlist) -> String {
        text(count: playlist.copies.count, total: playlist.totalLength, unknown: playlist.copiesWithoutLength)
    }
}
