import Foundation
import SetlistAppFormats
import SetlistModel

/// Another app's sets (SongbookPro's sets, an OpenSong set, an OpenLP service) made setlists of
/// copies of the songs just imported, each copy in the key the set had.
enum AppSetlists {
    /// Makes the setlist of `set` from `file`, whose songs became the originals `songIDs` (in the
    /// file's order); a setlist of that name already there is left as it is (importing the same
    /// backup twice changes nothing), but one this import made (`made`, folded names) is another
    /// set of the same name, numbered ("Sunday 2"). A set's name that is no playlist name (a
    /// path, a control character) gives way to the file's, and the report says so.
    static func make(
        _ set: AppSet, of file: String, songIDs: [String], library: inout Library, made: inout Set<String>
    ) -> SongImportReport.SetlistOutcome {
        var name: String
        var refusal: String?
        do {
            name = try Text.cleanPlaylistName(set.name)
        } catch {
            refusal = error.description
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            name = (try? Text.cleanPlaylistName(stem + " set")) ?? "Imported set"
        }
        func taken(_ candidate: String) -> Bool { library.playlists.contains { Text.fold($0.name) == Text.fold(candidate) } }
        if made.contains(Text.fold(name)) {
            var number = 2
            while made.contains(Text.fold("\(name) \(number)")) { number += 1 }
            name = "\(name) \(number)"
        }
        made.insert(Text.fold(name))
        var outcome = SongImportReport.SetlistOutcome(name: name, file: file)
        outcome.renamedFrom = refusal.map { _ in set.name }
        outcome.renameReason = refusal
        if taken(name) {
            outcome.alreadyThere = true
            return outcome
        }
        let byID = Dictionary(library.songs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var playlist = Playlist(name: name)
        for entry in set.entries {
            let song: Song?
            switch entry.song {
            case .index(let index): song = songIDs.indices.contains(index) ? byID[songIDs[index]] : nil
            case .titled(let title):
                let wanted = SongMatching.comparable(title)
                song = library.songs.first { SongMatching.comparable($0.fields.name) == wanted }
                if song == nil { outcome.leftOut.append("'\(title)': no song of that title was imported or is in the repertoire") }
            }
            guard let song else { continue }
            guard playlist.items.count < Playlist.maximumItems else {
                outcome.leftOut.append("'\(song.name)' and the songs after it: a setlist holds at most \(Playlist.maximumItems)")
                break
            }
            var copy = SongCopy(of: song)
            if let key = entry.key { copy.fields.key = key }
            if let capo = entry.capo, capo != copy.fields.chart?.capo ?? 0, let chart = copy.fields.chart {
                // The set's capo is the copy's: its chart the shapes for it, sounding as before.
                if let shapes = chart.reshaped(forCapo: capo) {
                    copy.fields.chart = shapes
                    outcome.capos.append(.init(song: song.name, frets: capo))
                } else {
                    outcome.leftOut.append("the capo \(capo) of '\(song.name)': its chart has no key to find the shapes from")
                }
            }
            playlist.items.append(.song(copy))
        }
        outcome.copied = playlist.copyCount
        library.playlists.append(playlist)
        return outcome
    }
}
