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
        for (path, _) in files where FileManager.default.fileExists(atPath: path) {
            console.error("error: '\(path)' already exists; apigen init never overwrites files")
            throw ExitCodes.failure
        }
        for (path, text) in files {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            console.out("created \(path)")
        }
        console.out("next: run `swift run apigen` to generate into Generated/")
    }
}
