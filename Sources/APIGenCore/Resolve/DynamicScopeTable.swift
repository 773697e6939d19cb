/// What validators need to track the dynamic scope at run time: which schema resource every schema belongs to,
/// and which schemas `$dynamicRef` / `$recursiveRef` may land on in each resource.
///
/// Built only when the API contains a dynamic reference that can actually bind dynamically; every other API
/// gets validators without any scope bookkeeping.
public struct DynamicScopeTable: Sendable {
    /// Schema resources (absolute URIs without fragment), in first-seen order; a resource's id is its index.
    public var resources: [String] = []
    /// Per file: the JSON pointers that start a resource (`$id`), with the resource's id.
    var resourceStarts: [String: [(pointer: String, resource: Int)]] = [:]
    /// Per file: the resource its root belongs to (the document's own URI).
    var documentResources: [String: Int] = [:]
    /// Per `$dynamicAnchor` name: the resources that define it and the schema carrying it.
    public var dynamicAnchors: [String: [(resource: Int, schema: SchemaRef)]] = [:]
    /// Resources whose root has `$recursiveAnchor: true`, with that root schema.
    public var recursiveAnchors: [(resource: Int, schema: SchemaRef)] = []
    /// `file#pointer` of every schema with `$ref` -> the node it refers to directly.
    var referenceHops: [String: SpecNode] = [:]

    /// The resource a node written in some document belongs to: the innermost enclosing `$id`, else the document.
    func resource(of node: SpecNode) -> Int? {
        var best = documentResources[node.location.file]
        var bestLength = -1
        for start in resourceStarts[node.location.file] ?? [] where start.pointer.count > bestLength {
            if node.pointer == start.pointer || node.pointer.hasPrefix(start.pointer + "/") {
                best = start.resource
                bestLength = start.pointer.count
            }
        }
        return best
    }

    /// Whether `node` starts a resource (a document root or a schema with `$id`).
    func startsResource(_ node: SpecNode) -> Bool {
        if node.pointer.isEmpty { return documentResources[node.location.file] != nil }
        return resourceStarts[node.location.file]?.contains { $0.pointer == node.pointer } ?? false
    }
}
