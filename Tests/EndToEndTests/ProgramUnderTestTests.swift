import CLITestSupport
import Foundation
import TestLevels
import Testing

/// Which program the end-to-end tests run (SetlistBinary, Support/Harness.swift): the one
/// SETLIST_PROGRAM names, and never another when it names none. That Scripts/test's tests ran
/// the shipped program is checked by Scripts/test itself, from what they recorded.
@Suite(.tags(.endToEnd)) struct ProgramUnderTestTests {
    @Test func setlistProgramNamesTheProgram() throws {
        let lib = try TemporaryLibrary()
        let program = lib.folder.appendingPathComponent("my-setlist")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        #expect(try SetlistBinary.find(environment: ["SETLIST_PROGRAM": program.path]) == program)
        let dotted = lib.folder.path + "/./" + program.lastPathComponent
        #expect(try SetlistBinary.find(environment: ["SETLIST_PROGRAM": dotted]) == program)
    }

    @Test(arguments: ["", "/nonexistent/setlist", "folder", "not-executable"])
    func aNameOfNoProgramFailsInsteadOfFallingBack(name: String) throws {
        let lib = try TemporaryLibrary()
        try FileManager.default.createDirectory(at: lib.folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: lib.folder.appendingPathComponent("not-executable"))
        let named = name.hasPrefix("/") || name.isEmpty ? name : lib.folder.appendingPathComponent(name).path
        let error = #expect(throws: SetlistBinary.ProgramError.self) {
            try SetlistBinary.find(environment: ["SETLIST_PROGRAM": named])
        }
        #expect(error?.description.hasPrefix("SETLIST_PROGRAM=\(named) names no executable file") == true, "\(String(describing: error))")
    }
}
