/// Finishing structs: recursion boxing (`Indirect<T>`) on struct-to-struct cycles, then the coding statements.
extension ModelPlanner {
    /// Returns the finished model plans grouped into files.
    func finishedFiles() -> [ModelFilePlan] {
        let boxed = recursiveEdges()
        let recursiveUnions = unionsOnCycles()
        var files: [String: [ModelPlan]] = [:]
        var fileOrder: [String] = []
        for name in modelOrder {
            guard var draft = models[name] else { continue }
            if draft.plan.isUnion {
                draft.plan.breaksRecursion = recursiveUnions.contains(name)
                draft.plan.decodingInitializer = draft.plan.breaksRecursion
                    ? "private init(variantsFrom decoder: any Decoder) throws"
                    : "\(draft.plan.access) init(from decoder: any Decoder) throws"
            }
            if draft.plan.isStruct && !draft.plan.isCanonical && !draft.plan.isTuple {
                draft.plan.properties = draft.properties.map { finish($0, boxed: boxed.contains(Edge(from: name, property: $0.swiftName))) }
                draft.plan.codingKeys = draft.plan.properties.map { CodingKeyPlan(name: $0.codingKey, wireLiteral: $0.wireLiteral) }
                if let variant = draft.variant {
                    draft.plan.properties.append(finish(variant))
                }
                if let additional = draft.additional {
                    draft.plan.properties.append(finish(additional))
                    draft.plan.hasAdditionalProperties = true
                    draft.plan.additionalPropertiesType = additional.valueType
                }
                if !draft.plan.properties.isEmpty { draft.plan.properties[draft.plan.properties.count - 1].isLast = true }
            }
            if files[draft.file] == nil { fileOrder.append(draft.file) }
            files[draft.file, default: []].append(draft.plan)
        }
        return fileOrder.sorted().map { file in
            ModelFilePlan(fileName: "Models/\(SwiftNaming.fileName(file)).swift", access: config.access.rawValue,
                          equalityConformance: config.modelEquality.conformance, models: files[file]!.sorted { $0.name < $1.name })
        }
    }

    struct Edge: Hashable {
        var from: String
        var property: String
    }

    /// Property edges that close a cycle of structs held by value; those properties are boxed.
    private func recursiveEdges() -> Set<Edge> {
        var graph: [String: [(property: String, target: String)]] = [:]
        for (name, draft) in models where draft.plan.isStruct {
            graph[name] = draft.properties.compactMap { property in
                property.usage.directStruct.map { (property.swiftName, $0) }
            }
        }
        var boxed = Set<Edge>()
        for (name, edges) in graph {
            for edge in edges where reaches(edge.target, name, graph: graph) {
                boxed.insert(Edge(from: name, property: edge.property))
            }
        }
        return boxed
    }

    /// Unions that are among their own variants through other unions, which would decode each other forever on
    /// a value none of their other variants matches. (A union listing itself directly has lost that variant.)
    private func unionsOnCycles() -> Set<String> {
        func resolved(_ type: String) -> String {
            var type = type
            var seen: Set<String> = []
            while let draft = models[type], draft.plan.isAlias, let aliased = draft.plan.aliasedType, seen.insert(type).inserted {
                type = aliased
            }
            return type
        }
        var graph: [String: [(property: String, target: String)]] = [:]
        for (name, draft) in models where draft.plan.isUnion {
            graph[name] = draft.plan.unionCases.compactMap { variant in
                let target = resolved(variant.type)
                return models[target]?.plan.isUnion == true ? (variant.name, target) : nil
            }
        }
        var onCycles: Set<String> = []
        for (name, edges) in graph where edges.contains(where: { reaches($0.target, name, graph: graph) }) {
            onCycles.insert(name)
        }
        return onCycles
    }

    private func reaches(_ start: String, _ goal: String, graph: [String: [(property: String, target: String)]]) -> Bool {
        var stack = [start]
        var seen: Set<String> = []
        while let current = stack.popLast() {
            if current == goal { return true }
            guard seen.insert(current).inserted else { continue }
            stack.append(contentsOf: (graph[current] ?? []).map(\.target))
        }
        return false
    }

    /// The variant member is decoded from the whole object and encoded into it after the declared properties (the
    /// encoder merges both into one JSON object).
    private func finish(_ variant: VariantDraft) -> PropertyPlan {
        let name = SwiftNaming.escapedMember(variant.swiftName)
        return PropertyPlan(
            name: name,
            codingKey: name,
            wireLiteral: SwiftNaming.stringLiteral(""),
            type: variant.typeName,
            docLines: ["Which of the `\(variant.keyword)` variants this value also is: their members are in the same JSON",
                       "object as the ones above."],
            isDeprecated: false,
            initParameter: "\(name): \(variant.typeName)",
            coding: .variant(typeName: variant.typeName),
            parameterName: name,
            binding: config.mutableModels ? "var" : "let",
            storageName: nil,
            storageType: nil,
            isBoxed: false
        )
    }

    private func finish(_ additional: AdditionalPropertiesDraft) -> PropertyPlan {
        let name = SwiftNaming.escapedMember(additional.swiftName)
        let type = "[String: \(additional.valueType)]"
        return PropertyPlan(
            name: name,
            codingKey: name,
            wireLiteral: SwiftNaming.stringLiteral(""),
            type: type,
            docLines: ["The members the API description allows next to the declared ones (`additionalProperties`),",
                       "by name; a declared member's name here is never sent."],
            isDeprecated: false,
            initParameter: "\(name): \(type) = [:]",
            coding: .additionalProperties(valueType: additional.valueType, declaredNames: additional.declaredNames),
            parameterName: name,
            binding: config.mutableModels ? "var" : "let",
            storageName: nil,
            storageType: nil,
            isBoxed: false
        )
    }

    private func finish(_ property: PropertyDraft, boxed: Bool) -> PropertyPlan {
        let name = SwiftNaming.escapedMember(property.swiftName)
        var sentShape: MemberCoding.SentShape?
        if let schema = property.schema, !property.nullable || property.required {
            // A shape of a canonical model is written back with that shape's field names, not the first shape's.
            if let shape = shapeCases[schema] {
                sentShape = .shape(shape)
            } else if let items = api[schema].items, let shape = shapeCases[items], case .array = property.usage.container {
                sentShape = .eachElement(shape)
            }
        }
        let base = property.usage.swift
        let type: String
        let presence: MemberCoding.Presence
        var initDefault = ""
        let useDateHelpers = !boxed && (property.usage.isDateTime || property.usage.isDateTimeArray)
        let dateTime: MemberCoding.DateTime? = useDateHelpers ? (property.usage.isDateTime ? .single : .array) : nil

        if property.required && !property.nullable {
            type = base
            presence = .required
        } else if let literal = property.defaultLiteral, !property.nullable {
            type = base
            presence = .defaulted(literal: literal)
            initDefault = " = \(literal)"
        } else if let literal = property.defaultLiteral, !property.required, !useDateHelpers {
            // Nullable with a default: absent is the default, `null` stays `null`.
            type = "Nullable<\(base)>"
            presence = .nullableDefaulted(literal: literal)
            initDefault = " = .value(\(literal))"
        } else if !property.required && property.nullable && useDateHelpers && property.usage.isDateTime {
            type = "Nullable<Date>?"
            presence = .nullableOptional
            initDefault = " = nil"
        } else if !property.required && property.nullable && !useDateHelpers {
            type = "Nullable<\(base)>?"
            presence = .nullableOptional
            initDefault = " = nil"
        } else if property.required {
            type = base + "?"
            presence = .requiredNullable
            initDefault = " = nil"
        } else {
            type = base + "?"
            presence = .optional
            initDefault = " = nil"
        }
        let coding = MemberCoding(wireName: property.wireName, valueType: base, presence: presence, dateTime: dateTime,
                                  sentShape: sentShape, isOptionalValue: !(property.required && !property.nullable),
                                  isReadOnly: property.readOnly)
        // Immutable models keep a property that holds another struct by value in a box: the struct's copy,
        // assign and destroy then handle one reference instead of every field of the nested model (and of its
        // nested models), which was most of the IR of a model file (Docs/performance.md). A property that closes a
        // recursion (`boxed`) is boxed in every model, mutable ones included (with a setter there): the box stays
        // private, so the property's type is the model's own and `Indirect` is no public API.
        let storage = boxed || (!config.mutableModels && property.usage.directStruct != nil)
            ? "_" + name.filter { $0 != "`" } : nil
        var docs = property.docLines
        if property.deprecated {
            docs.append(contentsOf: docs.isEmpty ? ["- Warning: Deprecated in the API description."] : ["", "- Warning: Deprecated in the API description."])
        }
        if let literal = property.defaultLiteral, initDefault.isEmpty == false, initDefault != " = nil" {
            docs.append(contentsOf: docs.isEmpty ? ["Defaults to `\(literal)` when absent."] : ["", "Defaults to `\(literal)` when absent."])
        }
        return PropertyPlan(
            name: name,
            codingKey: name,
            wireLiteral: SwiftNaming.stringLiteral(property.wireName),
            type: type,
            docLines: docs,
            isDeprecated: property.deprecated,
            initParameter: "\(name): \(type)\(initDefault)",
            coding: .member(coding),
            parameterName: name,
            binding: config.mutableModels ? "var" : "let",
            storageName: storage,
            storageType: storage.map { _ in "Indirect<\(type)>" },
            isBoxed: storage != nil,
            isSettable: storage != nil && config.mutableModels
        )
    }
}
