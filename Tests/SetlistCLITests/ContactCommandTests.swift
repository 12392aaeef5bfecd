import CLITestSupport
import Foundation
import Testing

@Suite struct ContactCommandTests {
    @Test func addListRemove() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-contact", "Pepa Kytara", "pepa@example.com")
        try lib.ok("add-contact", "Jiří Bubeník", "jiri@example.com")
        let list = try lib.ok("contacts")
        #expect(list.contains("Pepa Kytara   pepa@example.com"))
        let duplicate = try lib.run("add-contact", "Pepa", "PEPA@example.com")
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("already"))
        let bad = try lib.run("add-contact", "X\nBcc: evil@example.com", "not-an-address")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("control character"))
        #expect(bad.stderr.contains("not an email address"))
        try lib.ok("remove-contact", "jiri bubenik")
        try lib.ok("remove-contact", "pepa@example.com")
        #expect(try lib.ok("contacts").contains("No contacts yet"))
        let json = try lib.run("contacts", "--json")
        #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("["))
    }
}

@Suite struct HandEditedContactTests {
    /// A contacts.json edited by hand (or merged badly) with a line break in an address: check
    /// reports it, and contacts prints it on one line.
    @Test func aBrokenAddressIsReportedAndPrintedOnOneLine() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-contact", "Pepa Kytara", "pepa@example.com")
        let path = lib.root.appendingPathComponent("contacts.json")
        let text = try String(contentsOf: path, encoding: .utf8)
            .replacingOccurrences(of: "pepa@example.com", with: "pepa@example.com\\r\\nBcc: evil@example.com")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("is not an email address") || check.stderr.contains("is not an email address"))
        let list = try lib.ok("contacts")
        #expect(!list.contains("\nBcc:"))
        #expect(list.contains("pepa@example.com\u{FFFD}\u{FFFD}Bcc: evil@example.com"))
    }
}

@Suite struct ContactPartTests {
    /// A member's part and instrument: set when added, changed later, listed, in --json, kept in
    /// the contacts file, and refused with the list of parts when mistyped.
    @Test func aContactKeepsTheirPart() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-contact", "Pepa Kytara", "pepa@example.com")
        // A band without parts sees the table it saw.
        #expect(!(try lib.ok("contacts")).contains("Part"))
        let added = try lib.ok("add-contact", "Jana Saxofon", "jana@example.com", "--part", "Eb", "--instrument", "alto sax")
        #expect(added.contains("Added Jana Saxofon <jana@example.com>, who reads E♭ part (alto sax)."))
        try lib.ok("add-contact", "Petr", "petr@example.com", "--part", "capo 2")
        let list = try lib.ok("contacts")
        #expect(list.contains("Jana Saxofon  jana@example.com  E♭ part (alto sax)"))
        #expect(list.contains("Pepa Kytara   pepa@example.com  Concert"))
        #expect(list.contains("Capo 2"))
        let json = try lib.run("contacts", "--json").stdout
        #expect(json.contains(#""instrument" : "alto sax""#))
        #expect(json.contains(#""part" : "Eb""#))
        #expect(json.contains(#""part" : "capo 2""#))
        let file = try String(contentsOf: lib.root.appendingPathComponent("contacts.json"), encoding: .utf8)
        #expect(file.contains(#""part" : "Eb""#))
        #expect(
            try lib.ok("edit-contact", "jana", "--part", "Bb", "--instrument", "tenor sax").contains(
                "Jana Saxofon now reads B♭ part (tenor sax) (was E♭ part (alto sax))."))
        #expect(try lib.ok("edit-contact", "petr@example.com", "--part", "concert").contains("now reads Concert"))
        try lib.ok("edit-contact", "jana", "--instrument", "")
        let after = try lib.ok("contacts")
        #expect(after.contains("jana@example.com  B♭ part\n"))
        #expect(!(try String(contentsOf: lib.root.appendingPathComponent("contacts.json"), encoding: .utf8)).contains("capo"))
        let bad = try lib.run("add-contact", "Tuba", "tuba@example.com", "--part", "tuba")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("\"tuba\" is not a part. Use concert, Bb, Eb, F"))
        #expect(try lib.run("edit-contact", "nobody", "--part", "Eb").status == 1)
        #expect(try lib.run("edit-contact", "jana").status == 64)
        // The previous part comes back with undo.
        try lib.ok("undo")
        #expect(try lib.ok("contacts").contains("B♭ part (tenor sax)"))
    }
}
