import SetlistModel

/// What one file of another app holds, as setlist takes it in: its songs (with their charts),
/// its sets as setlists of those songs, and what was left out, each with why.
public struct AppLibrary: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable {
        case songbookPro = "SongbookPro backup"
        case onSong = "OnSong"
        case openSong = "OpenSong"
        case openSongSet = "OpenSong set"
        case openLyrics = "OpenLyrics"
        case openLPService = "OpenLP service"
    }

    public var format: Format
    public var songs: [AppSong] = []
    public var sets: [AppSet] = []
    /// What the file holds that does not come over, each saying what and why ("deleted song
    /// 'X' (SongbookPro's bin)", "scripture slide 'John 3:16'").
    public var leftOut: [String] = []
    /// Values that could not be read and were left off their song, each naming the song.
    public var warnings: [String] = []

    public init(format: Format) {
        self.format = format
    }
}

/// A song of another app.
public struct AppSong: Hashable, Sendable {
    /// Its details and chart; the chart in the key it is written in, with the capo the app
    /// kept for it (its chords the shapes for that capo).
    public var fields: SongFields
    /// Where it starts in its file (1 for a file of one song).
    public var line: Int

    public init(fields: SongFields, line: Int = 1) {
        self.fields = fields
        self.line = line
    }
}

/// A set (SongbookPro), set (OpenSong) or service (OpenLP) of another app: songs in order, each in
/// the key and with the capo the set had.
public struct AppSet: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// Which song: one of the same file, or (an OpenSong set) one named by title.
        public enum Song: Hashable, Sendable {
            case index(Int)
            case titled(String)
        }

        public var song: Song
        /// The key the set plays it in, when it differs from the song's or the set names one.
        public var key: MusicalKey?
        public var capo: Int?

        public init(song: Song, key: MusicalKey? = nil, capo: Int? = nil) {
            self.song = song
            self.key = key
            self.capo = capo
        }
    }

    public var name: String
    public var entries: [Entry]

    public init(name: String, entries: [Entry] = []) {
        self.name = name
        self.entries = entries
    }
}
