import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `gigs/DATE-ID.json`: one gig of the log (``Gig``). One file per gig, so that gigs two
    /// members logged apart merge in git or a synced folder without touching each other.
    struct GigFile: LibraryFile, Codable, Equatable {
        var format = "setlist-gig"
        var version = LibraryFiles.version
        var gig: Gig

        init(gig: Gig) {
            self.gig = gig
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var gig: Gig?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "gig": gig = try Gig(json: &reader)
                default: try header.read(key, from: &reader)
                }
            }
            (format, version) = try header.checked(reader)
            guard let gig else { throw reader.missing("gig") }
            self.gig = gig
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("format", format)
                writer.member("gig", gig)
                writer.member("version", version)
            }
        }
    }
}
