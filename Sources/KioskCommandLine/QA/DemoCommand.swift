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

/// `kiosk demo`: the guided tour (or any scenario file) playing by itself in the real terminal
/// UI, on a throwaway data directory, with captions in a band at the top.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play the guided tour (or a scenario file) in the terminal, with captions.",
        discussion: """
            Keys: space pauses and resumes, n skips to the next chapter, q quits. Without --loop the \
            last screen stays up with "Demo finished — press q to quit". Nothing is saved: each round \
            runs on a throwaway data directory and a test clock. Exits 0 when you quit, 64 for a usage \
            error (bad --speed, missing --script file, no terminal), 65 when the script is invalid \
            (every problem printed as FILE:LINE:COLUMN: error: message), 74 when the terminal goes away.

            With --asciicast FILE the demo plays once without a terminal into an asciicast v2 recording \
            (what asciinema and its player read), timed by the demo's own pace, the same on every run; \
            exits 73 when the file cannot be written.
            """)

    @Option(help: ArgumentHelp("How fast to play: 2 is twice as fast, 0.5 half as fast.", valueName: "factor"))
    var speed: Double = 1

    @Flag(help: "Start again, on a fresh session, after the last chapter.")
    var loop = false

    @Option(help: ArgumentHelp("Play this scenario file instead of the tour (its `chapter` steps become captions).",
                               valueName: "file"))
    var script: String?

    @Option(help: ArgumentHelp("Record the demo into this asciicast v2 file instead of showing it.", valueName: "file"))
    var asciicast: String?

    @OptionGroup var appearance: AppearanceOptions

    func validate() throws {
        guard speed.isFinite, speed > 0 else { throw ValidationError("--speed must be a number greater than 0, not \(speed)") }
        if asciicast != nil, loop { throw ValidationError("--asciicast records one round: it cannot be used with --loop") }
    }

    @MainActor
    func run() async throws {
        guard let catalog = KioskResources.defaultCatalogURL else { throw Self.usage("the built-in catalog is missing") }
        let scenario = try loadScenario()
        let options = ScenarioOptions(defaultCatalog: catalog, context: appearance.appearance().context)
        let runner = ScenarioRunner(options: options)
        let scenarioCatalog: Catalog
        do {
            scenarioCatalog = try runner.loadCatalog(for: scenario)
        } catch {
            Terminal.error("\(scenario.file): error: its catalog cannot be loaded: \(error)")
            throw ExitCode(65)
        }
        let problems = ScenarioCatalogCheck.problems(in: scenario, catalog: scenarioCatalog)
        guard problems.isEmpty else {
            Terminal.error(ScenarioErrors(problems).description)
            throw ExitCode(65)
        }
        if let asciicast {
            try await record(scenario, catalog: scenarioCatalog, options: options, to: asciicast)
            return
        }
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 { throw Self.usage("the demo needs a terminal") }
        let ending: TerminalApp.Ending
        do {
            ending = try await NCursesTerminal.run(colorLevel: appearance.appearance().colorLevel) { terminal in
                let host = DemoTerminal(terminal: terminal, clock: SystemClock(), context: options.context)
                return try await host.play(DemoScript(scenario), pacing: DemoPacing(speed: speed), loop: loop) {
                    try await ScenarioSession(scenario: scenario, catalog: scenarioCatalog, options: options)
                }
            }
        } catch {
            Terminal.error("kiosk: the demo could not start: \(error)")
            throw ExitCode.failure
        }
        switch ending {
        case .quit: break
        case .inputEnded: throw ExitCode(74)
        case let .signalled(signal): throw ExitCode(128 + signal)
        }
    }

    /// `--asciicast FILE`: one round played headless into the recording.
    @MainActor
    private func record(_ scenario: Scenario, catalog: Catalog, options: ScenarioOptions, to file: String) async throws {
        do {
            try AsciicastFiles.checkFile(file)
        } catch {
            Terminal.error("kiosk: \(error)")
            throw ExitCode(73)
        }
        let session: ScenarioSession
        do {
            session = try await ScenarioSession(scenario: scenario, catalog: catalog, options: options)
        } catch {
            Terminal.error("kiosk: the demo could not start: \(error)")
            throw ExitCode.failure
        }
        let size = Size(width: scenario.size.width, height: scenario.size.height + DemoBanner.height)
        let recorded = await DemoAsciicast.record(DemoScript(scenario), pacing: DemoPacing(speed: speed), session: session,
                                                  size: size, context: options.context)
        await session.close()
        for problem in recorded.problems { Terminal.error("\(scenario.file): \(problem)") }
        do {
            try AsciicastFiles.write(recorded.text, to: URL(fileURLWithPath: file))
        } catch {
            Terminal.error("kiosk: \(file): \(error)")
            throw ExitCode(73)
        }
        Terminal.progress("wrote \(file)")
    }

    /// The --script file, or the built-in tour.
    private func loadScenario() throws -> Scenario {
        let url: URL
        if let script {
            guard FileManager.default.fileExists(atPath: script) else { throw Self.usage("\(script): no such file") }
            url = URL(fileURLWithPath: script)
        } else {
            guard let flows = KioskResources.flowsURL else { throw Self.usage("the built-in tour is missing") }
            url = flows.appendingPathComponent("demo/tour.yaml")
        }
        switch ScenarioParser.parse(contentsOf: url, displayName: script ?? url.path) {
        case let .success(scenario):
            return scenario
        case let .failure(errors):
            Terminal.error(errors.description)
            throw ExitCode(65)
        }
    }

    private static func usage(_ message: String) -> ExitCode {
        Terminal.error("kiosk: \(message)")
        return ExitCode(64)
    }
}
