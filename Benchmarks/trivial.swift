// The floor of a Swift command: starts, touches Foundation, prints one line. setlist-benchmarks
// builds it with -static-stdlib, the way release builds of setlist are linked.
import Foundation

print("\(ProcessInfo.processInfo.processName): \(URL(fileURLWithPath: "songs.json").lastPathComponent)")
