import SetlistTerminal
import Testing

/// What the environment asks of the terminal: colour, bold and reverse only, or nothing.
@Suite struct AppearanceTests {
    @Test func appearanceFromTheEnvironment() {
        #expect(Appearance(environment: ["TERM": "xterm-256color"]) == .color)
        #expect(Appearance(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .monochrome)
        #expect(Appearance(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) == .color)
        #expect(Appearance(environment: ["TERM": "vt100"]) == .monochrome)
        #expect(Appearance(environment: ["TERM": "dumb"]) == .plain)
        #expect(Appearance(environment: [:]) == .plain)
    }
}
