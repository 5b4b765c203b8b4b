import ArgumentParser
import Foundation
import PaymentsCore

/// The `kiosk` command line: wiring only; every behaviour lives in the libraries. The terminal
/// executable and `kiosk-server` both run it, each with its `ServerStack`.
package struct Kiosk: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "kiosk",
            abstract: "A terminal storefront and account manager with a simulated store.",
            version: KioskVersion.text,
            subcommands: [
                RunCommand.self, StatusCommand.self, CatalogCommand.self, SeedCommand.self, WebhookCommand.self,
                RedirectCommand.self, ReceiptCommand.self, StoreCommand.self, CheckoutCommand.self, QACommand.self,
                DemoCommand.self,
            ] + ServerStack.current.commands,
            defaultSubcommand: RunCommand.self
        )
    }

    package init() {}

    /// Everything kiosk creates (the store, keys, snapshots, preferences, QA transcripts and
    /// reports, exports) holds customers' details or secrets, so it is created owner-only.
    ///
    /// Parsing is done here rather than by `main(nil)` so that every diagnostic, the parser's
    /// included, carries the one `kiosk:` prefix, and so that a mistyped command name (which the
    /// default `run` command would otherwise report as its own unexpected argument) gets a suggestion.
    package static func main(_ stack: ServerStack) async {
        umask(0o077)
        let arguments = Array(CommandLine.arguments.dropFirst())
        await ServerStack.$current.withValue(stack) {
            if stack.handsOff(arguments) { ServerStack.handOff() }
            let names = configuration.subcommands.map { $0._commandName }
            if let refusal = CommandNameCheck(commands: names).refusal(for: arguments) {
                Terminal.error(refusal)
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            do {
                var command = try parseAsRoot(arguments)
                if var asynchronous = command as? any AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
            } catch {
                report(error)
            }
        }
    }

    /// ArgumentParser's own exit, with its "Error: " prefix replaced by the house one.
    private static func report(_ error: any Error) -> Never {
        // A store file failure that no command caught keeps its own code (74 for a full disk).
        if let failure = (error as? PaymentsError)?.storeFileFailure {
            Terminal.error("kiosk: \(failure.userMessage)")
            Foundation.exit(failure.exitCode)
        }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code.isSuccess {
            if !message.isEmpty { print(message) }
        } else if !message.isEmpty {
            Terminal.error(message.hasPrefix("Error: ") ? "kiosk: " + message.dropFirst("Error: ".count) : message)
        }
        Foundation.exit(code.rawValue)
    }
}

/// What `kiosk --version` prints: the release, the commit the binary was built from and the
/// compiler (both recorded at build time by scripts/build-info.sh), so a bug report or a package
/// names exactly what runs.
package enum KioskVersion {
    /// The release; scripts/package-deb names the package after it.
    package static let release = "0.4.0"

    package static var text: String {
        """
        kiosk \(release)
        commit \(BuildInfo.commit)
        \(BuildInfo.compiler)
        """
    }
}
