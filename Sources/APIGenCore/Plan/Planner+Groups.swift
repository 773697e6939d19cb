extension Planner {
    /// One group per tag, in the order tags first appear, each with its operations' methods in description order.
    static func planGroups(order: [String], operations groupOperations: [String: [Operation]], typeNames: [String: String],
                           planner operations: OperationPlanner, clientName: String) -> [APIGroupPlan] {
        let config = operations.config
        let models = operations.models
        var groups: [APIGroupPlan] = []
        var propertyScope = NameScope(reserved: ["client", "init"])
        for tag in order {
            let typeName = typeNames[tag] ?? tag
            // Each operation is also a static property of its name (`MembersAPI.getProfile`, an `OperationInfo`), beside
            // the group's own static `envelopeFormat`.
            var methodScope = NameScope(reserved: ["client", "init", "envelopeformat"])
            var plans: [OperationPlan] = []
            for operation in groupOperations[tag] ?? [] {
                let rawName = operation.operationId ?? (operation.method.lowercased() + " " + operation.path)
                if config.nameOverrides[rawName] != nil { models.usedOverrides.insert(rawName) }
                let preferred = config.nameOverrides[rawName] ?? SwiftNaming.memberName(rawName)
                let methodName = methodScope.claim(preferred)
                if methodName != preferred {
                    models.diagnostics.append(.warning(
                        "\(operation.method) \(operation.path) is generated as '\(methodName)' because '\(preferred)' is taken in \(typeName)",
                        at: operation.node, hint: "give it a unique operationId or a nameOverrides entry"))
                }
                let typePrefix = OperationPlanner.typePrefix(methodName: methodName)
                var supportTypes: [ModelPlan] = []
                var plan = operations.plan(operation, methodName: SwiftNaming.escapedMember(methodName), typePrefix: typePrefix,
                                           supportTypes: &supportTypes)
                plan.supportTypes = supportTypes
                plan.validatorSection = ValidatorNaming.operationAnchor(id: operation.node.location.file + "#" + operation.node.pointer)
                plans.append(plan)
            }
            // `<method>WithHeaders` variants are methods of the group too, named after every operation is: an
            // operation called `<method>WithHeaders` keeps its name, and the variant takes the next free one.
            for index in plans.indices {
                guard let headers = plans[index].responseHeaders else { continue }
                let variant = methodScope.claim(headers.variantName.filter { $0 != "`" })
                plans[index].responseHeaders = headers.renamingVariant(SwiftNaming.escapedMember(variant))
            }
            groups.append(APIGroupPlan(
                name: typeName,
                fileName: "APIs/\(SwiftNaming.fileName(typeName)).swift",
                clientFileName: "APIs/\(SwiftNaming.fileName(typeName))+Client.swift",
                validatorsFileName: "APIs/\(SwiftNaming.fileName(typeName))+Validators.swift",
                access: config.access.rawValue,
                docLines: ["Operations tagged `\(SwiftNaming.commentText(tag))`."],
                propertyName: SwiftNaming.escapedMember(propertyScope.claim(SwiftNaming.memberName(tag))),
                clientName: clientName,
                operations: plans,
                hasEnvelope: plans.contains(where: \.usesEnvelope),
                envelopeFormatLiteral: config.envelope.map(envelopeLiteral) ?? ""
            ))
        }
        return groups
    }
}
