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
