import Foundation
import SetlistCLI

let arguments = Array(CommandLine.arguments.dropFirst())
exit(SetlistMain.run(arguments, context: .process(arguments: arguments)))
