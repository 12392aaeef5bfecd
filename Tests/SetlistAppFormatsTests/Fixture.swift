import Foundation

/// The test files in Fixtures/, written for these tests from each format's public documentation.
enum Fixture {
    static func url(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return url
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(name)))
    }
}
