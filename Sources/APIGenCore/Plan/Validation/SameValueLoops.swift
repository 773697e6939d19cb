/// Schemas that apply themselves to the value they check without descending into a property or an item:
/// `Loop: {oneOf: [{$ref: Loop}, …]}`, or `A: {anyOf: [{$ref: B}]}` with `B: {allOf: [{$ref: A}]}`. Checking a value
/// against such a schema never ends: the compiled validators would call each other on the same value until the stack
/// overflows, and an app would crash on the first response. A call that closes such a loop is emitted as a failed
/// check instead (``ValidatorEmitter``), and each loop is reported when the description is planned.
///
/// Descending calls (`properties`, `items`, `additionalProperties`, …) always move to a smaller part of a finite JSON
/// value, so only calls on the same value can loop. `$dynamicRef` targets are left out: they bind at run time, and
/// the dynamic-scope tests of the JSON Schema suite recurse through `items` and `properties`.
struct SameValueLoops {
    private let api: ResolvedAPI
    private let cache = Cache()

    private final class Cache {
        var reachable: [SchemaRef: Set<SchemaRef>] = [:]
    }

    init(api: ResolvedAPI) {
        self.api = api
    }

    /// The schemas `ref`'s validator applies to the value it checks itself: `$ref`, `allOf`, `anyOf`, `oneOf`,
    /// `not`, `if`/`then`/`else`, `dependentSchemas` and schema `dependencies`, and draft-03's `extends` and schemas
    /// listed in `type` or `disallow`. Up to draft-07 a `$ref` replaces its siblings.
    func sameValueTargets(of ref: SchemaRef) -> [SchemaRef] {
        let node = api[ref].node
        guard node.isMapping else { return [] }
        let dialect = api.documentDialects[node.location.file] ?? .draft2020
        let legacy = dialect == .draft3 || dialect == .draft4 || dialect == .draft6 || dialect == .draft7
        if legacy, node["$ref"] != nil { return api[ref].refTarget.map { [$0] } ?? [] }
        var targets: [SchemaRef] = []
        func add(_ child: SpecNode?) {
            guard let child, child.isMapping || child.bool != nil,
                  let target = api.schemaIDs[child.location.file + "#" + child.pointer] else { return }
            targets.append(target)
        }
        if let target = api[ref].refTarget { targets.append(target) }
        for key in ["allOf", "anyOf", "oneOf"] { node[key]?.elements?.forEach(add) }
        for key in ["not", "if", "then", "else"] { add(node[key]) }
        for key in ["dependentSchemas", "dependencies"] { node[key]?.entries?.forEach { add($0.value) } }
        if dialect == .draft3 {
            if let extends = node["extends"] { (extends.elements ?? [extends]).forEach(add) }
            for key in ["type", "disallow"] { node[key]?.elements?.filter(\.isMapping).forEach(add) }
        }
        return targets
    }

    /// Whether `callee`, called by `caller` on the same value, comes back to `caller` without descending.
    func closesLoop(from caller: SchemaRef, to callee: SchemaRef) -> Bool {
        caller == callee || reachable(from: callee).contains(caller)
    }

    /// Every schema `ref` applies to its own value, directly or through others.
    private func reachable(from ref: SchemaRef) -> Set<SchemaRef> {
        if let known = cache.reachable[ref] { return known }
        var seen = Set<SchemaRef>()
        var stack = sameValueTargets(of: ref)
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += sameValueTargets(of: next)
        }
        cache.reachable[ref] = seen
        return seen
    }

    /// One warning per loop among `refs`, at the loop's first schema in resolution order, naming the way round:
    /// `Loop -> Loop`, `A -> B -> A`.
    func diagnostics(for refs: Set<SchemaRef>) -> [Diagnostic] {
        var reported = Set<SchemaRef>()
        var diagnostics: [Diagnostic] = []
        for ref in refs.sorted(by: { $0.index < $1.index }) where !reported.contains(ref)
            && sameValueTargets(of: ref).contains(where: { closesLoop(from: ref, to: $0) }) {
            let members = reachable(from: ref).filter { reachable(from: $0).contains(ref) }.union([ref])
            reported.formUnion(members)
            diagnostics.append(.warning(
                "validating this schema would never end: it applies \(path(from: ref, within: members)) to the same value "
                    + "without descending into a property or an item; generated validators fail there instead of calling themselves forever",
                at: api[ref].node))
        }
        return diagnostics
    }

    /// `'/components/schemas/A' -> '/components/schemas/B' -> '/components/schemas/A'`: the shortest way round.
    private func path(from start: SchemaRef, within members: Set<SchemaRef>) -> String {
        var previous: [SchemaRef: SchemaRef] = [:]
        var queue = [start]
        var index = 0
        var last: SchemaRef?
        search: while index < queue.count {
            let current = queue[index]
            index += 1
            for next in sameValueTargets(of: current) where members.contains(next) {
                if next == start { last = current; break search }
                if previous[next] == nil { previous[next] = current; queue.append(next) }
            }
        }
        var route = [start]
        var step = last
        while let current = step, current != start {
            route.insert(current, at: 1)
            step = previous[current]
        }
        route.append(start)
        return route.map { "'" + api[$0].node.pointer + "'" }.joined(separator: " -> ")
    }
}
