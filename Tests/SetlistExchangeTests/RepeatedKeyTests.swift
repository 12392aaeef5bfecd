import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// A key given twice in one object is read differently by different programs (setlist's decoder
/// took the first, Python and most others the last): such a document is refused with the line,
/// as every other malformed document is (issue 36).
@Suite struct RepeatedKeyTests {
    @Test func aKeyGivenTwiceIsRefusedWithItsLine() throws {
        let leader = Fixtures.leaderLibrary()
        let data = PlstsDocument.export(leader.playlists[0], from: leader, generator: "setlist test", date: Fixtures.date)
        var text = String(decoding: data, as: UTF8.self)
        let name = "\"name\" : \"\(leader.playlists[0].name)\""
        let range = try #require(text.range(of: name, options: .backwards))
        text.replaceSubrange(range, with: name + ",\n    \"name\" : \"Evil Dup\"")
        let line = text[..<text.range(of: "\"Evil Dup\"")!.lowerBound].filter { $0 == "\n" }.count + 1
        let error = #expect(throws: ExchangeError.self) { try PlstsDocument.read(Data(text.utf8), source: "dup.plsts") }
        let message = error.map { "\($0)" } ?? ""
        #expect(
            message.contains("dup.plsts is not a setlist document this version can import (1 problem; nothing was changed)"), "\(message)")
        #expect(message.contains("the field \"name\" stands twice in playlist (line \(line)); keep one of them."), "\(message)")
    }
}
