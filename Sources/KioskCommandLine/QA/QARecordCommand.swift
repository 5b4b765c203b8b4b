import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KioskQA
import KioskResources
import KioskScreens
import PaymentsCore
import TerminalUI

/// `kiosk qa record FILE`: the storefront in the terminal on a throwaway session, written as a
/// scenario file (keys, resizes, the clock) that `kiosk qa run` replays to the same end state.
struct QARecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Use the storefront in the terminal and save what you did as a scenario file.",
        discussion: """
            Opens the storefront on a throwaway data directory, signed in as the customer "qa", its \
            clock starting at --start and moving with real time. Every key, resize and whole second \
            is recorded; the key that quits is not. On quit the file is written, ending with an \
            `expect` of the screen you stopped on, and the replay command is printed. Card numbers \
            other than test cards and every security code are replaced, never written. Exits 0 when \
            written, 64 for a usage error (bad --size or --start, no terminal), 73 when FILE exists \
            (without --force) or cannot be written, 74 when the terminal goes away (nothing is written).
            """)

    @Argument(help: "The scenario file to write.")
    var file: String

    @Option(help: ArgumentHelp("Lay the storefront out at this size instead of following the terminal.",
                               valueName: "WIDTHxHEIGHT"))
    var size: DumpSize?

    @Option(help: ArgumentHelp("The session's start time, ISO 8601 (default 2026-01-01T00:00:00Z).", valueName: "date"))
    var start: String?

    @Option(help: "The seed for the session's randomness.")
    var seed: UInt64 = 1

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    @OptionGroup var appearance: AppearanceOptions

    func validate() throws {
        if let start, ISO8601DateFormatter().date(from: start) == nil {
            throw ValidationError("--start must be an ISO 8601 date and time such as 2026-01-01T00:00:00Z, not '\(start)'")
        }
    }

    @MainActor
    func run() async throws {
        guard let catalogURL = KioskResources.defaultCatalogURL else { throw Self.failure("the built-in catalog is missing", 64) }
        let target = URL(fileURLWithPath: file)
        if FileManager.default.fileExists(atPath: target.path), !force {
            throw Self.failure("\(file) exists; pass --force to replace it", 73)
        }
        let folder = target.deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw Self.failure("\(file) cannot be written: \(folder) is not a writable folder", 73)
        }
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 { throw Self.failure("recording needs a terminal", 64) }
        let startDate = start.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Scenario.defaultStart
        let name = target.deletingPathExtension().lastPathComponent
        let look = appearance.appearance()
        let options = ScenarioOptions(defaultCatalog: catalogURL, context: look.context)
        let catalog = try CatalogLoader.load(contentsOf: catalogURL).get()
        let recorded: (TerminalApp.Ending, ScenarioRecorder, [String])
        do {
            recorded = try await NCursesTerminal.run(colorLevel: look.colorLevel) { terminal in
                let layout = size?.size ?? terminal.size
                let customer = CustomerSetup()
                let scenario = Scenario(file: file, name: name, start: startDate, seed: seed, size: layout,
                                        customer: customer, steps: [])
                let session = try await ScenarioSession(scenario: scenario, catalog: catalog, options: options)
                let host = RecordingTerminal(terminal: terminal, clock: SystemClock(), context: look.context, fixedSize: size?.size,
                                             recorder: ScenarioRecorder(name: name, start: startDate, seed: seed, size: layout,
                                                                        customer: customer))
                let ending = await host.run(session)
                await session.close()
                return (ending, host.recorder, host.problems)
            }
        } catch {
            throw Self.failure("the session could not start: \(error)", 1)
        }
        let (ending, finished, problems) = recorded
        var recorder = finished
        for problem in problems { Terminal.error("kiosk: \(problem)") }
        switch ending {
        case .quit: break
        case .inputEnded: throw Self.failure("the terminal went away; nothing was written", 74)
        case let .signalled(signal): throw Self.failure("stopped by signal \(signal); nothing was written", 128 + signal)
        }
        do {
            try Data(recorder.yaml().utf8).write(to: target)
        } catch {
            throw Self.failure("\(file) cannot be written: \(error)", 73)
        }
        print("Recorded \(file)\nReplay it with: kiosk qa run \(file)")
    }

    private static func failure(_ message: String, _ code: Int32) -> ExitCode {
        Terminal.error("kiosk: \(message)")
        return ExitCode(code)
    }
}
