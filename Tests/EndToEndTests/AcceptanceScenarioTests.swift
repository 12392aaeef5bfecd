import CLITestSupport
import Foundation
import TestLevels
import Testing

/// The acceptance scenario of product.md, run through the real binary (sharing and stepping
/// through songs have tests of their own).
@Suite(.tags(.endToEnd)) struct AcceptanceScenarioTests {
    @Test func wholeScenario() throws {
        let lib = try TemporaryLibrary()
        try lib.okBinary("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2m20s", "--bpm", "250", "--key", "C minor")
        try lib.okBinary("edit-song", "highway to hell", "--notes", "Angus counts in")
        try lib.okBinary("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "1:30", "--bpm", "250", "--key", "D-dur")
        try lib.okBinary("new", "Můj koncert", "Highway to Hell", "Stairway to Heaven")
        try lib.okBinary("move", "Můj koncert", "1", "2")
        var show = try lib.okBinary("show", "muj koncert")
        #expect(show.contains("1  Stairway to Heaven"))
        #expect(show.contains("2  Highway to Hell"))

        try lib.okBinary("edit-song", "Highway to Hell", "--in", "Můj koncert", "--bpm", "100", "--key", "F minor")
        show = try lib.okBinary("show", "Můj koncert")
        #expect(show.contains("F minor*"))
        #expect(show.contains("100*"))
        let original = try lib.okBinary("song", "Highway to Hell")
        #expect(original.contains("C minor"))
        #expect(original.contains("250"))
        #expect(original.contains("Angus counts in"))

        try lib.okBinary("new", "Nový koncert", "--new-song", "Red Hot Chili Peppers")
        // The new song is already in: --all copies in the other two, not it a second time.
        #expect(try lib.okBinary("add", "Nový koncert", "--all").contains("left out 1 song it already holds"))
        show = try lib.okBinary("show", "Nový koncert")
        #expect(show.contains("3 songs"))

        try lib.okBinary("remove", "Nový koncert", "--all")
        #expect(try lib.okBinary("show", "Nový koncert").contains("0 songs"))

        try lib.okBinary("remove-song", "--all")
        try lib.okBinary("delete", "--all")
        #expect(try lib.okBinary("songs").contains("No songs yet"))
        #expect(try lib.okBinary("playlists").contains("No playlists yet"))
    }
}
