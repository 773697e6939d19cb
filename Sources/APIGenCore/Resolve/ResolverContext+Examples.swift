/// Examples generate no code, but documentation tools and mock servers read them, and a description that gives two
/// conflicting ones says two things: `example` beside `examples`, and Example Objects whose value fields exclude each
/// other, are reported (found by the OpenAPI Initiative's schema tests).
extension ResolverContext {
    /// The value fields an Example Object may not combine (OpenAPI 3.1: `value`/`externalValue`; 3.2 adds `dataValue`
    /// and `serializedValue`, neither beside `value`, and `serializedValue` not beside `externalValue`).
    static let exclusiveExampleFields = [("value", "externalValue"), ("value", "dataValue"), ("value", "serializedValue"),
                                         ("serializedValue", "externalValue")]

    /// Checks `example`/`examples` of a parameter, header or media type object, and each of its Example Objects.
    func checkExamples(of node: SpecNode) {
        if node["example"] != nil, let written = node.entries?.first(where: { $0.key == "examples" }) {
            warning("'example' and 'examples' are both given; OpenAPI allows one of them", atKeyOf: written,
                    hint: "move the single `example` into `examples` under a name of its own")
        }
        for entry in node["examples"].flatMap(documentationTarget)?.entries ?? [] { checkExampleObject(entry.value) }
    }

    /// One Example Object (a `$ref` followed), reported once however many objects share it.
    func checkExampleObject(_ written: SpecNode) {
        guard let example = documentationTarget(written), example.isMapping,
              fieldCheckedObjects.insert("example " + example.location.file + "#" + example.pointer).inserted else { return }
        for (first, second) in Self.exclusiveExampleFields where example[first] != nil {
            guard let entry = example.entries?.first(where: { $0.key == second }) else { continue }
            warning("an example gives both '\(first)' and '\(second)'; OpenAPI allows one of them", atKeyOf: entry,
                    hint: "keep the one that shows the value as the API sends it")
        }
    }
}
