import Foundation
import Testing

@testable import SetlistMail

/// Running the mail transfer agent: finding it, what it is given, and what its failure says.
@Suite struct DeliveryTests {
    /// A folder with executable scripts, removed afterwards.
    final class Scripts {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-mta-" + UUID().uuidString)
        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }

        func script(_ name: String, _ body: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url.path
        }
    }

    @Test func settingComesBeforeEnvironmentBeforePath() throws {
        let exists: (String) -> Bool = { ["/opt/a/msmtp", "/opt/b/mymta", "/usr/bin/sendmail", "/usr/sbin/sendmail"].contains($0) }
        let environment = ["SETLIST_SENDMAIL": "/opt/b/mymta --flag", "PATH": "/usr/local/bin:/usr/bin"]
        #expect(
            try MailTransferAgent.resolve(setting: "/opt/a/msmtp -C '/my dir/rc'", environment: environment, isExecutable: exists)
                == MailTransferAgent(executable: "/opt/a/msmtp", arguments: ["-C", "/my dir/rc"]))
        #expect(
            try MailTransferAgent.resolve(setting: nil, environment: environment, isExecutable: exists)
                == MailTransferAgent(executable: "/opt/b/mymta", arguments: ["--flag"]))
        #expect(
            try MailTransferAgent.resolve(setting: nil, environment: ["PATH": "/usr/local/bin:/usr/bin"], isExecutable: exists)
                == MailTransferAgent(executable: "/usr/bin/sendmail"))
        #expect(
            try MailTransferAgent.resolve(setting: "  ", environment: ["PATH": "/nowhere"], isExecutable: exists)
                == MailTransferAgent(executable: "/usr/sbin/sendmail"))
        #expect(
            try MailTransferAgent.resolve(setting: "msmtp", environment: ["PATH": "/usr/bin:/opt/a"], isExecutable: exists)
                == MailTransferAgent(executable: "/opt/a/msmtp"))
    }

    @Test func aFolderOrAnEmptyNameIsNoMailProgram() throws {
        let folder = FileManager.default.temporaryDirectory.path
        // A folder has the execute permission, but cannot be run.
        #expect(throws: MailError.noMailTransferAgent(folder)) {
            try MailTransferAgent.resolve(setting: folder, environment: [:])
        }
        // `""` is one empty word: not a program, nor every folder of the PATH.
        #expect(throws: MailError.noMailTransferAgent("\"\" -x")) {
            try MailTransferAgent.resolve(setting: "\"\" -x", environment: ["PATH": folder], isExecutable: { _ in true })
        }
    }

    @Test func tildeIsTheHomeFolderAsInAShell() throws {
        let exists: (String) -> Bool = { $0 == "/home/jirka/bin/msmtp" }
        #expect(
            try MailTransferAgent.resolve(
                setting: "~/bin/msmtp -C ~/.msmtprc -a band", environment: ["HOME": "/home/jirka"], isExecutable: exists)
                == MailTransferAgent(executable: "/home/jirka/bin/msmtp", arguments: ["-C", "/home/jirka/.msmtprc", "-a", "band"]))
        #expect(
            try MailTransferAgent.resolve(
                setting: nil, environment: ["HOME": "/home/jirka", "SETLIST_SENDMAIL": "~/bin/msmtp"], isExecutable: exists)
                == MailTransferAgent(executable: "/home/jirka/bin/msmtp"))
    }

    @Test func missingAgentSuggestsEmlAndMsmtp() {
        #expect(throws: MailError.noMailTransferAgent(nil)) {
            try MailTransferAgent.resolve(setting: nil, environment: ["PATH": "/nowhere"], isExecutable: { _ in false })
        }
        #expect(MailError.noMailTransferAgent(nil).description.contains("msmtp-mta"))
        #expect(MailError.noMailTransferAgent(nil).description.contains("--eml"))
        #expect(throws: MailError.noMailTransferAgent("/no/such/mta")) {
            try MailTransferAgent.resolve(setting: "/no/such/mta", environment: [:], isExecutable: { _ in false })
        }
        #expect(MailError.noMailTransferAgent("/no/such/mta").description.contains("--eml"))
    }

    @Test func commandLinesSplitLikeAShell() {
        #expect(MailTransferAgent.splitCommand("msmtp -C \"/a b/rc\" --x='y z' a\\ b") == ["msmtp", "-C", "/a b/rc", "--x=y z", "a b"])
        #expect(MailTransferAgent.splitCommand("  ") == [])
        #expect(MailTransferAgent.splitCommand("x ''") == ["x", ""])
    }

    @Test func agentGetsTheMessageWithLocalLineEndsAndSendmailArguments() throws {
        let scripts = try Scripts()
        let record = scripts.folder.appendingPathComponent("got")
        let path = try scripts.script("fake-sendmail", "printf '%s\\n' \"$@\" > '\(record.path).args'; cat > '\(record.path).mail'")
        let agent = MailTransferAgent(executable: path, arguments: ["-C", "rc file"])
        let message = MessageTests.message(attachments: [
            MailAttachment(fileName: "a.pdf", mimeType: "application/pdf", data: MessageTests.randomData(5000, seed: 9))
        ])
        try agent.send(message.rendered(), envelopeSender: "jirka@example.com")
        let arguments = try String(contentsOf: URL(fileURLWithPath: record.path + ".args"), encoding: .utf8)
        #expect(arguments == "-C\nrc file\n-i\n-t\n-f\njirka@example.com\n")
        let mail = try Data(contentsOf: URL(fileURLWithPath: record.path + ".mail"))
        #expect(!mail.contains(13))
        #expect(mail == Data(String(decoding: message.rendered(), as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8))
    }

    @Test func failingAgentReportsStatusAndStderr() throws {
        let scripts = try Scripts()
        // Exits without reading its input: writing a large message to it must not kill setlist.
        let path = try scripts.script("broken", "echo 'msmtp: cannot connect to mail.example.com, port 587' >&2; exit 75")
        let big = MessageTests.message(attachments: [
            MailAttachment(fileName: "a.pdf", mimeType: "application/pdf", data: MessageTests.randomData(2_000_000, seed: 5))
        ])
        do {
            try MailTransferAgent(executable: path).send(big.rendered(), envelopeSender: "a@example.com")
            Issue.record("a failing agent was taken as success")
        } catch {
            #expect(
                error
                    == .mailTransferAgentFailed(
                        program: path, status: "exit status 75", stderr: "msmtp: cannot connect to mail.example.com, port 587"))
            #expect(error.description.contains("NOT sent"))
            #expect(error.description.contains("exit status 75"))
            #expect(error.description.contains("cannot connect"))
        }
    }

    @Test func agentThatCannotStartIsReported() throws {
        let scripts = try Scripts()
        let url = scripts.folder.appendingPathComponent("not-executable")
        try "hello".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: MailError.self) {
            try MailTransferAgent(executable: url.path).send(Data("x".utf8), envelopeSender: "a@example.com")
        }
    }
}
