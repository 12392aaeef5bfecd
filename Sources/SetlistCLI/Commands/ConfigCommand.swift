import ArgumentParser
import SetlistMail
import SetlistModel

struct ConfigCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, set or unset a setting: notation, sender, sendmail, sendmail-timeout.",
        discussion: """
            Settings are saved in the library (settings.json).

            notation: english (the default) or german. In german, B is B♭, H is B and a lowercase \
            letter alone is minor ("a" is A minor), and keys print as "H dur", "b moll", "Fis dur"; \
            in english B is B major and keys print as "B major", "B♭ minor", "F♯ major". The \
            library and --json keep one spelling ("Bb minor") either way.

            sender: who shared setlists come from, "Name <you@example.com>" or an address. \
            `setlist share --from` overrides it; without either, $EMAIL is used, then your login name at this computer.

            sendmail: the mail program `setlist share` hands messages to (run as `sendmail -t -i` is), \
            with any arguments it needs, e.g. "msmtp -a band". Without it: $SETLIST_SENDMAIL, else \
            `sendmail` on the PATH.

            sendmail-timeout: the seconds the mail program may take (default 60). When they pass, \
            the program and everything it started are ended and the message is reported NOT sent.

            Examples:
              setlist config                                  # every setting
              setlist config notation german
              setlist config sender "Jirka Novák <jirka@example.com>"
              setlist config sender                           # print it
              setlist config sendmail --unset
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The setting: notation, sender, sendmail or sendmail-timeout. Without it, every setting is shown.") var key: String?
    @Argument(help: "The new value. Without it, the setting is shown.") var value: String?
    @Flag(help: "Remove the setting.") var unset = false

    func validate() throws {
        if unset && key == nil { throw ValidationError("Name the setting to remove, like `setlist config sender --unset`.") }
        if unset && value != nil { throw ValidationError("Give either a new value or --unset, not both.") }
    }

    func run(_ context: CommandContext) throws {
        guard let key else {
            let settings = try libraryOptions.load(in: context).settings.byName
            if settings.isEmpty {
                context.say("No settings. Save your address once with `setlist config sender \"Name <you@example.com>\"`.")
            }
            for name in settings.keys.sorted() { context.say("\(name) = \(settings[name]!)") }
            return
        }
        let setting = try Settings.Key(named: key)
        let name = setting.rawValue
        if unset {
            let old = try libraryOptions.modify(in: context) { library in
                defer { library.settings[setting] = nil }
                return library.settings[setting]
            }
            context.say(old == nil ? "\(name) was not set." : "Removed \(name) (was \(old!)).")
            return
        }
        guard let value else {
            if let current = try libraryOptions.load(in: context).settings[setting] {
                context.say(current)
            } else {
                context.note("\(name) is not set. Set it with `setlist config \(name) VALUE`.")
            }
            return
        }
        let cleaned = try setting.cleaned(value)
        try libraryOptions.modify(in: context) { library in library.settings[setting] = cleaned }
        context.say("\(name) = \(cleaned)")
    }
}
