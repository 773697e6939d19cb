import Mustache

/// A string of the render context, wrapped so swift-mustache renders it without its generic path.
///
/// For a plain `String`, every `{{{value}}}` made swift-mustache test the value against protocols it does not
/// conform to (`MustacheCustomRenderable`, `AnyOptional`) and then print it through `String(describing:)`, which
/// tests more: runtime conformance lookups that were 7% of apigen's instructions on the Box spec (callgrind).
/// `TemplateText` answers the first test (`MustacheCustomRenderable`) with its text. It keeps everything a template can observe on a string: it renders as the string, is truthy in
/// sections (also when empty, as a string is), has no children, and takes the same transforms (`uppercased`, …).
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let text: String

    init(_ text: String) { self.text = text }

    var renderText: String { text }
    var isNull: Bool { false }

    // A string has no children either (swift-mustache would have reflected it and found none).
    func child(named: String) -> Any? { nil }

    func transform(_ name: String) -> Any? { text.transform(name) }
}

/// An object of the render context (a plan struct, encoded): its fields by name.
///
/// swift-mustache tests every object on the context stack for `MustacheParent` at every lookup; for a
/// `[String: Any]` that runtime check goes through Dictionary's conditional conformance and cost more than the
/// lookup itself. Fields are kept as parallel arrays and found by a scan from the end (a plan struct has a few
/// dozen fields at most; hashing every key on insertion and lookup cost more than comparing short strings).
/// Both together took 13% off rendering the DigitalOcean client (callgrind). It behaves as the dictionary did:
/// same children (a key given twice is found with its last value), same transforms (`count`, `empty`,
/// `enumerated`, `sorted`), same text.
struct TemplateObject: MustacheParent, MustacheTransformable, CustomStringConvertible {
    private let keys: [String]
    private let items: [Any]

    init(keys: [String], items: [Any]) {
        precondition(keys.count == items.count, "one value per key")
        self.keys = keys
        self.items = items
    }

    /// The fields as a dictionary (later keys win), for transforms and tests.
    var values: [String: Any] { Dictionary(zip(keys, items), uniquingKeysWith: { $1 }) }

    func child(named name: String) -> Any? {
        var index = keys.count
        while index > 0 {
            index -= 1
            if keys[index] == name { return items[index] }
        }
        return nil
    }

    func transform(_ name: String) -> Any? { values.transform(name) }

    var description: String { values.description }
}
