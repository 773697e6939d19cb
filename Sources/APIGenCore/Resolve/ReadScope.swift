/// The folders a resolution run may read documents from: the root document's folder and the folders the
/// configuration lists (`referenceFolders:`). A `$ref` that leads anywhere else is an error naming it, so a
/// description cannot make apigen read (and quote in diagnostics) files outside the project it belongs to.
struct ReadScope: Sendable {
    /// Normalised folder paths; "" is the working directory.
    let folders: [String]

    /// A scope of the folder of `rootPath` and `extraFolders`.
    init(rootPath: String, extraFolders: [String] = []) {
        folders = [DocumentPath.directory(of: DocumentPath.normalise(rootPath))] + extraFolders.map(DocumentPath.normalise)
    }

    /// Whether the normalised `path` lies below one of the folders.
    func contains(_ path: String) -> Bool {
        let path = DocumentPath.normalise(path)
        let climbs = path == ".." || path.hasPrefix("../")
        return folders.contains { folder in
            if folder.isEmpty { return !path.hasPrefix("/") && !climbs }
            if folder == "/" { return path.hasPrefix("/") }
            return path.hasPrefix(folder + "/") && !climbs
        }
    }

    /// The folders as a person reads them, for diagnostics.
    var description: String {
        folders.map { $0.isEmpty ? "." : $0 }.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// A ``SourceProvider`` that refuses paths outside a ``ReadScope``: the prefetcher reads ahead through it, so no
/// document outside the scope is read even speculatively.
struct ScopedSourceProvider: SourceProvider {
    let base: any SourceProvider
    let scope: ReadScope

    func read(_ path: String) throws -> [UInt8] {
        guard scope.contains(path) else { throw OutsideReadScopeError(path: path, scope: scope.description) }
        return try base.read(path)
    }
}

/// A document path outside the folders apigen may read.
struct OutsideReadScopeError: Error, CustomStringConvertible {
    var path: String
    var scope: String
    var description: String { "'\(path)' is outside the folders apigen reads (\(scope))" }
}
