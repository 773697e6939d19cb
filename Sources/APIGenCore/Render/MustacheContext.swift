/// Converts a plan value into the dictionaries and arrays swift-mustache reads, once per file.
///
/// swift-mustache resolves `{{key}}` on a struct by reflecting all its stored properties for every lookup; on the
/// GitHub spec that was 37% of apigen's time. One reflection pass per value, into `[String: Any]`, renders the
/// same bytes at a fraction of the cost. `nil` optionals are left out so lookups fall through the context stack
/// exactly as they did on the structs.
enum MustacheContext {
    static func convert(_ value: Any) -> Any? {
        switch value {
        case let string as String: return string
        case let bool as Bool: return bool
        case let int as Int: return int
        case let strings as [String]: return strings
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return nil }
            return convert(wrapped)
        case .collection, .set:
            return mirror.children.compactMap { convert($0.value) }
        case .struct, .class:
            var dictionary: [String: Any] = [:]
            for child in mirror.children {
                guard let label = child.label, let converted = convert(child.value) else { continue }
                dictionary[label] = converted
            }
            return dictionary
        default:
            return value
        }
    }
}
