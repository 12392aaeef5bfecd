import Foundation
import SetlistModel

/// Where the library folder is: `--library DIR`, else `$SETLIST_HOME`, else
/// `$XDG_DATA_HOME/setlist`, else `~/.local/share/setlist`.
public enum LibraryLocation {
    public static func resolve(option: String?, environment: [String: String], currentDirectory: String) -> URL {
        func absolute(_ path: String) -> URL {
            let expanded = path.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst(1) : path
            return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
                .standardizedFileURL
        }
        if let option, !option.isEmpty { return absolute(option) }
        if let home = environment["SETLIST_HOME"], !home.isEmpty { return absolute(home) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return absolute(xdg).appendingPathComponent("setlist") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/setlist")
    }

    /// The user's state folder for setlist, for what one computer keeps between runs (the
    /// address stage mode serves): `$XDG_STATE_HOME/setlist`, else `~/.local/state/setlist`; nil
    /// when neither is known. A relative `$XDG_STATE_HOME` is passed over, as the XDG specification
    /// asks.
    public static func stateFolder(environment: [String: String]) -> URL? {
        userFolder(variable: "XDG_STATE_HOME", orInHome: ".local/state", environment: environment)
    }

    /// `$variable/setlist` when it is an absolute path, else `~/folder/setlist`.
    private static func userFolder(variable: String, orInHome folder: String, environment: [String: String]) -> URL? {
        if let xdg = environment[variable], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("setlist") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(folder + "/setlist")
    }
}
