import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the commit and the compiler `kiosk --version` names) before every
/// build, so the binary says what it was built from without anyone editing a source file.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = context.package.directoryURL.appending(path: "scripts/build-info.sh")
        // scripts/package-deb names the commit itself (KIOSK_BUILD_COMMIT) when it builds from a
        // copy of the sources; PATH finds git and swiftc.
        let passed = ProcessInfo.processInfo.environment.filter { ["PATH", "KIOSK_BUILD_COMMIT"].contains($0.key) }
        return [.prebuildCommand(
            displayName: "Recording the commit and compiler kiosk is built with",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, context.package.directoryURL.path, output.path],
            environment: passed,
            outputFilesDirectory: output)]
    }
}
