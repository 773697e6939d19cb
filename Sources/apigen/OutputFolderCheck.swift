import Foundation

/// The configured output folder must be a folder of its own: apigen removes from it every Swift file it generated
/// earlier and no longer produces, so a folder that also holds the configuration, the description or the whole
/// file system (`output: .`, `output: /`) would mix generated code with the user's and make every run walk it.
enum OutputFolderCheck {
    /// Why `output` cannot be written to, or nil when it can; `config` and `spec` are paths as loaded.
    static func problem(output: String, config: String, spec: String) -> String? {
        let folder = canonical(output)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            return "is a file, not a folder"
        }
        if folder == "/" { return "is the root of the file system; name a folder of its own, e.g. `output: Generated`" }
        for (name, path) in [("the configuration", config), ("the API description", spec)] where contains(folder, canonical(path)) {
            return "contains \(name) ('\(path)'); apigen removes the files it generated earlier from its output folder, "
                + "so it needs a folder of its own, e.g. `output: Generated`"
        }
        return nil
    }

    /// An absolute path without `.`, `..` or symbolic links (as far as the path exists).
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func contains(_ folder: String, _ path: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
