import Foundation
import PackagePlugin

/// What both command plugins do with their arguments: pick the configurations (`--target NAME`, `--config FILE`, else
/// the package's `apigen.yml`) and run apigen once per configuration with the remaining arguments.
/// Shared by `generate-api` and `check-api` (a symbolic link in Plugins/CheckAPI: plugin targets cannot share a module).
struct PluginInvocation {
    /// The command the stale-sources hint names, e.g. `swift package --allow-writing-to-package-directory generate-api`.
    static let regenerateCommand = "swift package --allow-writing-to-package-directory generate-api"

    /// Runs apigen for a package: each `--target`'s configuration (``ConfigLocator``) and each `--config FILE`.
    static func run(context: PluginContext, arguments: [String], forcedArguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let explicitConfigs = extractor.extractOption(named: "config")
        let locator = ConfigLocator(packageFolder: context.package.directoryURL)
        let targetConfigs = try context.package.targets(named: targetNames).map { target in
            // `Target.directoryURL` needs tools version 6.1; the source module types have it at 6.0.
            guard let folder = (target as? SwiftSourceModuleTarget)?.directoryURL ?? (target as? ClangSourceModuleTarget)?.directoryURL else {
                throw PluginFailure(description: "target '\(target.name)' has no sources apigen could generate into")
            }
            return try locator.config(forTarget: target.name, folder: folder)
        }
        let selection = targetNames.map { ["--target", $0] } + explicitConfigs.map { ["--config", $0] }
        try APIGenRunner(apigen: context.tool(named: "apigen").url, folder: context.package.directoryURL)
            .run(configs: targetConfigs + explicitConfigs, arguments: withForced(extractor.remainingArguments, forcedArguments),
                 selection: selection.flatMap { $0 })
    }

    /// `remaining` with each of `forced` added unless already given.
    static func withForced(_ remaining: [String], _ forced: [String]) -> [String] {
        forced.filter { !remaining.contains($0) } + remaining
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PluginInvocation {
    /// In an Xcode project the targets have no folder of their own: apigen runs for the project folder's
    /// `apigen.yml` (or each `--config FILE`), whichever targets were selected.
    static func run(context: XcodePluginContext, arguments: [String], forcedArguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        let configs = extractor.extractOption(named: "config")
        try APIGenRunner(apigen: context.tool(named: "apigen").url, folder: context.xcodeProject.directoryURL)
            .run(configs: configs, arguments: withForced(extractor.remainingArguments, forcedArguments),
                 selection: configs.flatMap { ["--config", $0] })
    }
}
#endif
