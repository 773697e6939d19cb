import ArgumentParser
import Foundation

/// `apigen init`: writes a commented `apigen.yml` and an `api-spec/` skeleton; never overwrites.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create apigen.yml and an api-spec/ skeleton.")

    static let configText = """
    # apigen configuration. Paths are relative to this file.
    # Every key is described in Docs/configuration.md of the apigen package; `apigen templates list` shows the templates.

    # The root document of the API description (OpenAPI 3.0/3.1, Swagger 2.0, or a JSON Schema file).
    spec: api-spec/openapi.yaml

    # Where the generated Swift files go. Compile this folder as a target that depends on the APIRuntime product
    # (the thin core); add APIRuntimeStore, APIRuntimeOffline or APIRuntimeDownloads only where the app uses them.
    output: Generated

    # Access level of generated declarations: public, internal or package.
    access: public

    # What models conform to besides Codable and Sendable: hashable (the default), equatable or none
    # (less code to compile, for apps that never put models in a Set or use them as dictionary keys).
    # modelEquality: hashable

    # Model properties are `let` (immutable snapshots; nested models kept in a box), which compiles much faster.
    # true makes them settable `var`s stored inline.
    # mutableModels: false

    # Error cases carry their response's documented headers: `case status429(status:body:headers:)`, so a catch
    # clause reads a 429's Retry-After. Projects generated without it keep their cases' shape until they opt in.
    errorHeaders: true

    # A folder of *.mustache files overriding the bundled templates by name (`apigen templates list`).
    # templates: Templates

    # Swift names for schemas (`Profile: Member`), properties (`Profile.user_name: login`) or operations.
    # nameOverrides:
    #   Profile: Member

    """

    static let specText = """
    openapi: 3.1.0
    info:
      title: My API
      version: 1.0.0
    servers:
      - url: https://api.example.com
        description: production
    paths:
      /items/{id}:
        get:
          operationId: getItem
          tags: [Items]
          parameters:
            - name: id
              in: path
              required: true
              schema: { type: integer, format: int64 }
          responses:
            '200':
              description: The item.
              content:
                application/json:
                  schema: { $ref: '#/components/schemas/Item' }
    components:
      schemas:
        Item:
          type: object
          required: [id, name]
          properties:
            id: { type: integer, format: int64 }
            name: { type: string }

    """

    func run() throws {
        let console = Console()
        let files = [("apigen.yml", Self.configText), ("api-spec/openapi.yaml", Self.specText)]
        // A link counts as existing even when it leads nowhere: writing would follow it.
        for (path, _) in files where (try? FileManager.default.attributesOfItem(atPath: path)) != nil {
            console.error("error: '\(path)' already exists; apigen init never overwrites files")
            throw ExitCodes.failure
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "api-spec", isDirectory: &isFolder), !isFolder.boolValue {
            console.error("error: 'api-spec' is a file; apigen init puts the description in a folder of that name")
            throw ExitCodes.failure
        }
        // All or nothing: a failure part-way (`api-spec` is a file, a read-only folder) removes what this run created,
        // so running init again after fixing the cause does not stop at a half-made apigen.yml.
        var created: [String] = []
        for (path, text) in files {
            let folder = (path as NSString).deletingLastPathComponent
            var failing = folder
            do {
                if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    created.append(folder)
                }
                failing = path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                created.append(path)
            } catch {
                let reason = FileErrorReason.describe(error)
                let leftBehind = created.reversed().filter { (try? FileManager.default.removeItem(atPath: $0)) == nil }
                let outcome = leftBehind.isEmpty
                    ? "nothing was created"
                    : "could not remove what it created: " + leftBehind.map { "'\($0)'" }.joined(separator: ", ")
                console.error("error: could not create '\(failing)': \(reason); \(outcome)")
                throw ExitCodes.failure
            }
        }
        for (path, _) in files { console.out("created \(path)") }
        console.out("next: run `swift run apigen` to generate into Generated/")
    }
}
