import Foundation
import SetlistModel
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The short version's size: laid out at the smallest size first, larger sizes only when they may fit.
@Suite struct ShortLayoutTests {
    /// Setlists around every size's limit, with short titles and with titles that wrap.
    static func setlists() -> [Playlist] {
        (0...46).flatMap { count in
            let short = Fixtures.generated(count)
            let wrapping = Playlist(
                name: "Dlouhé názvy \(count)",
                items: (0..<count).map { index in
                    Fixtures.song(
                        "Píseň \(index + 1) " + String(repeating: "o dlouhé cestě ", count: index % 6),
                        index % 3 == 0 ? nil : "Autor s dlouhým jménem \(index)")
                })
            return [short, wrapping]
        }
    }

    @Test func picksWhatTryingEverySizeFromTheLargestPicks() throws {
        try withTypesetter { typesetter in
            let frame = PageFrame(paper: .a4)
            var sizesChosen = Set<Double>()
            for playlist in Self.setlists() {
                let layout = ShortLayout(playlist: playlist, frame: frame, typesetter: typesetter)
                let title = TitleBlock.rows(for: playlist, frame: frame, typesetter: typesetter)
                let everySize = ShortLayout.sizes.map { (size: $0, document: layout.build(size: $0, title: title)) }
                let expected = everySize.first { $0.document.totalHeight <= frame.bottom - frame.top } ?? everySize.last!
                let actual = layout.build()
                #expect(actual.rows.count == expected.document.rows.count, "\(playlist.name)")
                #expect(actual.totalHeight == expected.document.totalHeight, "\(playlist.name): not at size \(expected.size)")
                sizesChosen.insert(expected.size)
            }
            #expect(sizesChosen == Set(ShortLayout.sizes), "the setlists reach every size")
        }
    }
}
