// The floor of a Swift command: starts, touches Foundation, prints one line. setlist-benchmarks
// builds it with -static-stdlib, the Swift standard library linked in as in setlist's release builds.
import Foundation

print("\(ProcessInfo.processInfo.processName): \(URL(fileURLWithPath: "songs.json").lastPathComponent)")
