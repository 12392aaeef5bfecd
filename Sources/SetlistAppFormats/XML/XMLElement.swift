import Foundation

/// An element of an XML document as ``XMLReader`` read it: its local name and namespace, its
/// attributes, and its content in order.
public struct XMLElement: Hashable, Sendable {
    /// The name without its prefix ("song" of `<ol:song>`).
    public var name: String
    /// The namespace the element is in, when one is declared for it.
    public var namespace: String?
    /// The attributes by their names as written ("name", "xml:lang"), namespace declarations left out.
    public var attributes: [String: String]
    public var children: [XMLContent]
    /// The 1-based line of its start tag.
    public var line: Int

    public init(name: String, namespace: String? = nil, attributes: [String: String] = [:], children: [XMLContent] = [], line: Int = 1) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.line = line
    }

    /// The child elements, in order.
    public var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The child elements called `name` (whatever their namespace: real files get it wrong).
    public func elements(_ name: String) -> [XMLElement] {
        elements.filter { $0.name == name }
    }

    /// The first child element called `name`.
    public func element(_ name: String) -> XMLElement? {
        for case .element(let element) in children where element.name == name { return element }
        return nil
    }

    /// The text of the element and all it holds, in order.
    public var text: String {
        children.map { content in
            switch content {
            case .text(let text): text
            case .element(let element): element.text
            }
        }.joined()
    }

    /// The text of the child `name`, trimmed; nil when there is none or it is blank.
    public func value(of name: String) -> String? {
        guard let text = element(name)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    public subscript(attribute name: String) -> String? { attributes[name] }
}

/// What an element holds: text (with its entities and character references replaced, CDATA
/// sections as text) or another element. Comments and processing instructions are left out.
public enum XMLContent: Hashable, Sendable {
    case element(XMLElement)
    case text(String)
}
