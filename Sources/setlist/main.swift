import Foundation
import SetlistCLI

// The arguments as bytes: CommandLine.arguments would already have replaced bytes that are not
// UTF-8 with U+FFFD, and setlist refuses those rather than store them.
let bytes = (1..<Int(CommandLine.argc)).map { index in
    Array(UnsafeBufferPointer(start: CommandLine.unsafeArgv[index], count: strlen(CommandLine.unsafeArgv[index]!)))
        .map { UInt8(bitPattern: $0) }
}
exit(SetlistMain.run(bytes: bytes) { CommandContext.process(arguments: $0) })
