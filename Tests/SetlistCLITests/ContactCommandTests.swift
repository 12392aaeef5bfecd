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
