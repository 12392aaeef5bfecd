import CLITestSupport
import Testing

/// `setlist config sendmail-timeout SECONDS`: saved as typed when it is a time, refused otherwise.
@Suite struct SendmailTimeoutSettingTests {
    @Test func aTimeoutIsSavedAndShown() throws {
        let lib = try TemporaryLibrary()
        #expect(try lib.ok("config", "sendmail-timeout", "90") == "sendmail-timeout = 90\n")
        #expect(try lib.ok("config", "sendmail-timeout") == "90\n")
        #expect(try lib.ok("config", "sendmail-timeout", "2.5") == "sendmail-timeout = 2.5\n")
    }

    @Test(arguments: ["0", "soon", "nan", "100000"])
    func aValueThatIsNotATimeoutIsRefused(value: String) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("config", "sendmail-timeout", "30")
        let before = try lib.snapshot()
        let result = try lib.run("config", "sendmail-timeout", value)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a timeout"), "\(result.stderr)")
        #expect(try lib.snapshot() == before)
    }
}
