import ArgumentParser
import APIGenCore
import Foundation

/// `apigen`: generates a Swift client from an API description. With no subcommand it runs `generate`.
@main
struct APIGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apigen",
        abstract: "Generate a Swift API client, validators and models from OpenAPI / JSON Schema.",
        version: APIGenVersion.current,
        subcommands: [GenerateCommand.self, PlanCommand.self, InitCommand.self, TemplatesCommand.self, ConvertCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}
