import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-api [--target NAME]... [--config FILE]... [--check]`:
/// runs `apigen generate` in the package folder, as `swift run apigen` there would, once for
/// - each `--target NAME`: the `apigen.yml` in the target's folder, else the package's `apigen.yml` if its `output:` is
///   the target's folder (``ConfigLocator``);
/// - each `--config FILE`, relative to the package folder;
/// - with neither, the package's `apigen.yml`.
/// Every other argument (`--check`, `--dry-run`, `--warnings-as-errors`, `--timings`) goes to apigen unchanged.
/// `check-api` (Plugins/CheckAPI) is the same with `--check` and no write permission.
@main
struct GenerateAPIPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        try PluginInvocation.run(context: context, arguments: arguments, forcedArguments: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: the project folder's `apigen.yml` (or each `--config FILE`).
extension GenerateAPIPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try PluginInvocation.run(context: context, arguments: arguments, forcedArguments: [])
    }
}
#endif
