/// A value with one JSON form, read and written directly: the library's files, the `.plsts`
/// document, `--json` and the band page are made of these. A record (an object with named
/// members) describes its members once, as a ``JSONRecord``.
public protocol JSONCodable: JSONWritable, SendableMetatype {
    init(json reader: inout JSONReader) throws(JSONReadError)
}

/// A value that writes itself as JSON: what `--json` prints is made of these and of records.
public protocol JSONWritable {
    func write(json writer: inout JSONWriter)
}
