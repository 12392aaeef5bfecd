import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `gigs/DATE-ID.json`: one gig of the log (``Gig``). One file per gig, so that gigs two
    /// members logged apart merge in git or a synced folder without touching each other.
    struct GigFile: LibraryFile, Equatable {
        var format = "setlist-gig"
        var version = LibraryFiles.version
        var gig: Gig

        init(gig: Gig) {
            self.gig = gig
        }

        static let json = JSONMembers<Self>(
            blank: { Self(gig: Gig(id: "", date: "", playlist: "", songs: [])) }, header + [.value("gig", \.gig)])
    }
}
