import Foundation
import Testing

/// Test tools are not the newcomer's download: Scripts/bootstrap's install step
/// (`Scripts/install-deps`) takes only what setlist needs to build and run, and the test command's
/// (`--tests`) everything the tests use, the three browsers included, for CI's fresh machine.
@Suite struct InstallDepsTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/install-deps")

    func listed(_ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script.path] + arguments + ["--list"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static let testTools = [
        "chromium", "chromium-driver", "webkit2gtk-driver", "xvfb", "firefox-esr", "tmux", "msmtp", "poppler-utils", "qpdf",
        "libxml2-utils", "zbar-tools", "faketime", "pip: selenium", "pip: marionette-driver", "pip: aiosmtpd",
    ]

    @Test func bootstrapInstallsWhatSetlistNeedsAndNoTestTool() throws {
        let newcomer = try listed([])
        for needed in ["libcairo2-dev", "libpango1.0-dev", "libqrencode-dev", "patchelf", "fonts-noto-core"] {
            #expect(newcomer.contains(needed), "\(needed)")
        }
        for tool in Self.testTools { #expect(!newcomer.contains(tool), "\(tool) is a test tool") }
        let bootstrap = try String(contentsOf: Self.script.deletingLastPathComponent().appendingPathComponent("bootstrap"), encoding: .utf8)
        #expect(bootstrap.contains("\nScripts/install-deps\n"))
    }

    @Test func theTestCommandInstallsEveryTestTool() throws {
        let tests = try listed(["--tests"])
        for tool in Self.testTools + ["libcairo2-dev"] { #expect(tests.contains(tool), "\(tool)") }
        let test = try String(contentsOf: Self.script.deletingLastPathComponent().appendingPathComponent("test"), encoding: .utf8)
        #expect(test.contains("\nScripts/install-deps --tests\n"))
    }
}
