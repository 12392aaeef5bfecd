/// A value with one JSON form, read and written directly: the library's files are made of these.
/// Where the value is also `Codable`, that conformance is the definition the tests compare both
/// directions with (SongListCodecTests and the like), and what `--json` and documents use.
public protocol JSONCodable {
    init(json reader: inout JSONReader) throws(JSONReadError)
    func write(json writer: inout JSONWriter)
}
