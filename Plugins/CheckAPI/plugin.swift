import Foundation
import PackagePlugin

/// `swift package check-api [--target NAME]... [--config FILE]...`: `apigen generate --check` for the same
/// configurations `generate-api` would generate, without asking for write access (it declares no permission), so CI
/// can run it without `--allow-writing-to-package-directory`. Fails naming every stale configuration and the
/// `generate-api` command that regenerates them.
@main
struct CheckAPIPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        try PluginInvocation.run(context: context, arguments: arguments, forcedArguments: ["--check"])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: `--check` for the project folder's `apigen.yml` (or each `--config FILE`).
extension CheckAPIPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try PluginInvocation.run(context: context, arguments: arguments, forcedArguments: ["--check"])
    }
}
#endif
