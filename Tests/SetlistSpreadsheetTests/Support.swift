import Foundation
import SetlistModel

@testable import SetlistSpreadsheet

enum Fixture {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    static func sheet(_ name: String, options: SongFiles.Options = .init()) throws -> SongSheet {
        try SongFiles.read(data(name), name: name, options: options)
    }

    /// The songs of a fixture as "title|author|length|key|bpm|notes" lines.
    static func rows(_ sheet: SongSheet) -> [String] {
        sheet.songs.map { describe($0.fields) }
    }

    static func describe(_ fields: SongFields) -> String {
        [
            fields.name, fields.author ?? "", fields.length.map(SongLength.format) ?? "", fields.key?.description ?? "",
            fields.bpm.map(String.init) ?? "", fields.notes ?? "",
        ].joined(separator: "|")
    }
}
