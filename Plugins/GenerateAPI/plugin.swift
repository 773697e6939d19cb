import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-api [--target NAME]... [--config FILE]... [--check]`:
/// runs `apigen generate` in the package folder, as `swift run apigen` there would, once for
/// - each `--target NAME`: the `apigen.yml` in the target's folder, else the package's `apigen.yml` if its `output:` is
///   the target's folder (``ConfigLocator``);
/// - each `--config FILE`, relative to the package folder;
/// - with neither, the package's `apigen.yml`.
/// Every other argument (`--check`, `--dry-run`, `--warnings-as-errors`, `--timings`) goes to apigen unchanged.
@main
struct GenerateAPIPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
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
            .run(configs: targetConfigs + explicitConfigs, arguments: extractor.remainingArguments, selection: selection.flatMap { $0 })
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project the targets have no folder of their own: the plugin runs the project folder's `apigen.yml`
/// (or each `--config FILE`), whichever targets were selected.
extension GenerateAPIPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        let configs = extractor.extractOption(named: "config")
        try APIGenRunner(apigen: context.tool(named: "apigen").url, folder: context.xcodeProject.directoryURL)
            .run(configs: configs, arguments: extractor.remainingArguments, selection: configs.flatMap { ["--config", $0] })
    }
}
#endif
