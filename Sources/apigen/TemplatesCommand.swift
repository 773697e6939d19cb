import APIGenCore
import ArgumentParser

/// `apigen templates list|cat NAME`: shows the bundled templates so users can copy and override them.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or print the bundled templates.",
        subcommands: [List.self, Cat.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the template names.")
        func run() {
            for name in TemplateSet.bundled.names { Console().out(name) }
        }
    }

    struct Cat: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one template.")
        @Argument(help: "A name from `apigen templates list`.")
        var name: String

        func run() throws {
            let templates = TemplateSet.bundled
            let key = name.hasSuffix(".mustache") ? String(name.dropLast(9)) : name
            guard let text = templates.texts[key] else {
                throw ValidationError("no template '\(name)'; known: \(templates.names.joined(separator: ", "))")
            }
            Console().out(text)
        }
    }
}
