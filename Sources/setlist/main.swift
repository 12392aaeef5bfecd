import Foundation
import SetlistCLI

let arguments = SetlistMain.processArguments
// `pdf` and `share` run in setlist-draw, which links Cairo and Pango; this program does not, so
// that the other commands start without loading them (DrawingProgram).
if DrawingProgram.isNeeded(by: arguments) { exit(DrawingProgram.handOver(arguments)) }
exit(SetlistMain.run(bytes: arguments) { CommandContext.process(arguments: $0) })
