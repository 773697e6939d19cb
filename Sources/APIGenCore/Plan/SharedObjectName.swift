/// The type name of the schema of a parameter, request body or response that an operation refers to with a `$ref`
/// to another file or to a place outside its path item (Akamai's `$ref: parameters/network-path.yaml`, DigitalOcean's
/// `$ref: '../../shared/parameters.yml#/per_page'`): every operation referring to it shares the one type, so the type
/// is named after where the object is written (`NetworkPathParameter`, `PerPageParameter`), not after whichever
/// operation was planned first. Objects under `components` are named by ``ComponentSchemaName`` first; objects written
/// in the operation or its path item keep the operation's name, and those referred to in another operation
/// (`'#/paths/~1pets/get/responses/200'`) the name that operation gives them (`OperationPlanner.borrowedOwner`).
enum SharedObjectName {
    static func name(of node: SpecNode, outside operation: Operation, kind: String) -> String? {
        // Most objects are written in the operation itself, which is inside its path item: no pointer to split.
        if node.location.file == operation.node.location.file, node.pointer.utf8.starts(with: (operation.node.pointer + "/").utf8) {
            return nil
        }
        let operationTokens = JSONPointer.tokens(operation.node.pointer) ?? []
        let pathItem = operationTokens.dropLast().map { "/" + JSONPointer.escape($0) }.joined()
        if node.location.file == operation.node.location.file && node.pointer.hasPrefix(pathItem + "/") { return nil }
        let tokens = JSONPointer.tokens(node.pointer) ?? []
        // Another operation's object (`$ref: '#/paths/~1pets/get/responses/200'`) is named by that operation.
        if let first = tokens.first, first == "paths" || first == "webhooks" { return nil }
        let last = tokens.last { Int($0) == nil }
        return ComponentSchemaName.startingWithALetter(SwiftNaming.typeNamePart(last ?? DocumentPath.stem(of: node.location.file)) + kind)
    }
}
