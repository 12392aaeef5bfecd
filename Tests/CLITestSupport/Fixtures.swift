import Foundation
import Testing

/// Libraries that more than one test target starts from, built in-process.
extension TemporaryLibrary {
    /// A library with a Czech setlist, a break, and three contacts.
    public static func band() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("band") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "C minor")
            try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "1:30", "--bpm", "250", "--key", "D-dur")
            try lib.ok("add-song", "Žluťoučký kůň 🐴", "--author", "Jiří Šťastný", "--length", "3:05", "--key", "Fis-moll")
            try lib.ok("new", "Můj koncert 🎸", "Stairway to Heaven", "Highway to Hell", "Žluťoučký kůň 🐴")
            try lib.ok("break", "--after", "2", "--label", "Přídavek")
            try lib.ok("add-contact", "Pepa Kytara", "pepa@example.com")
            try lib.ok("add-contact", "Jana Bubenická", "jana@example.com")
            try lib.ok("add-contact", "Ondřej Basa", "ondra@example.com")
        }
    }

    /// A three-song setlist with a break before the fourth.
    public static func stageConcert() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("stageConcert") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "3:28", "--bpm", "116", "--key", "A")
            try lib.ok("edit-song", "Highway to Hell", "--notes", "Angus counts in.")
            try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "8:02", "--bpm", "82", "--key", "Am")
            try lib.ok("add-song", "Příběh", "--author", "Lucie", "--length", "4:10", "--key", "c-moll")
            try lib.ok("add-song", "Under the Bridge", "--author", "Red Hot Chili Peppers", "--length", "4:24", "--bpm", "84", "--key", "E")
            try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven", "Příběh", "Under the Bridge")
            try lib.ok("break", "Koncert", "--after", "3", "--label", "Set 2")
        }
    }
}
