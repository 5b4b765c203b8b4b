import ArgumentParser
import Foundation
import KioskQA
import KioskResources
import PaymentsCore

/// `kiosk qa run FILE|DIR ...`: replays scenarios headless through the same reducers and
/// renderer as the terminal, each on a throwaway data directory and a test clock.
struct QARunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files (or every *.yaml in a folder) and report.",
        discussion: """
            Prints PASS or FAIL per scenario, each failure with its FILE:LINE, the expectation, the \
            actual value and the screen, then "N passed, N failed". Exits 0 when all pass, 1 when any \
            fails, 64 for a usage error (unknown option, missing path, no scenario left after \
            --filter) and 65 when a file is invalid (every problem printed as FILE:LINE:COLUMN: error: \
            message, nothing run). Without a path the built-in library runs.

            With --database URL each scenario's store lives in a PostgreSQL schema of its own in \
            that database (made, migrated and dropped by the run) instead of a SQLite file.

            With --asciicast DIR each scenario is also recorded as DIR/NAME.cast, an asciicast v2 file \
            (what asciinema and its player read) of its screens, timed by the scenario's own clock; \
            exits 73 when the folder or a file cannot be written.
            """)

    @Argument(help: "Scenario files or folders (default: the built-in library).")
    var paths: [String] = []

    @Option(help: "Write JUnit XML to this file.")
    var junit: String?

    @Option(help: "Write each scenario's steps and screens to this folder.")
    var transcript: String?

    @Option(help: ArgumentHelp("Record each scenario into this folder as an asciicast v2 file.", valueName: "dir"))
    var asciicast: String?

    @Flag(name: .customLong("update-snapshots"), help: "Record the screens of snapshot steps instead of comparing them.")
    var updateSnapshots = false

    @Option(help: "Run only scenarios with this tag (repeatable).")
    var filter: [String] = []

    @Option(help: "Scenarios run at once.")
    var jobs = 3

    @Option(name: .customLong("database"),
            help: ArgumentHelp("Keep each scenario's store in a schema of its own in this PostgreSQL database.", valueName: "url"))
    var databaseURL: String?

    @MainActor
    func run() async throws {
        guard let catalog = KioskResources.defaultCatalogURL else { throw Self.usage("the built-in catalog is missing") }
        var targets = paths
        if targets.isEmpty {
            guard let flows = KioskResources.flowsURL else { throw Self.usage("the built-in scenario library is missing") }
            targets = [flows.path]
        }
        let loaded = ScenarioLoader.load(targets, defaultCatalog: catalog)
        for path in loaded.missing { Terminal.error("kiosk: \(path): no such file or folder") }
        guard loaded.missing.isEmpty else { throw ExitCode(64) }
        guard loaded.errors.isEmpty else {
            for errors in loaded.errors { Terminal.error(errors.description) }
            throw ExitCode(65)
        }
        let scenarios = filter.isEmpty ? loaded.scenarios
            : loaded.scenarios.filter { !Set($0.tags).isDisjoint(with: filter) }
        guard !scenarios.isEmpty else { throw Self.usage("no scenario to run" + (filter.isEmpty ? "" : " with tag \(filter.joined(separator: ", "))")) }
        if let asciicast {
            do {
                try AsciicastFiles.prepareFolder(asciicast)
            } catch {
                Terminal.error("kiosk: \(error)")
                throw ExitCode(73)
            }
        }
        var schemas: ScenarioSchemas?
        if let databaseURL {
            do {
                schemas = try ServerStack.required(\.scenarioSchemas)(databaseURL)
            } catch {
                throw Self.usage("--database: \(error)")
            }
        }
        var options = ScenarioOptions(defaultCatalog: catalog, updateSnapshots: updateSnapshots, width: jobs,
                                      freshStorage: schemas?.freshStorage)
        options.recordsAsciicast = asciicast != nil
        let runner = ScenarioRunner(options: options)
        let results = await runner.run(scenarios) { result in
            FileHandle.standardOutput.write(Data((result.progressLine + "\n").utf8))
        }
        do {
            try await schemas?.dropAll()
        } catch {
            Terminal.error("kiosk: \(error)")
        }
        for path in results.flatMap(\.snapshotsWritten) { Terminal.progress("wrote \(path)") }
        FileHandle.standardOutput.write(Data(ScenarioSummary.text(results).utf8))
        if let junit {
            try Data(JUnitReport.xml(results).utf8).write(to: URL(fileURLWithPath: junit))
        }
        if let transcript {
            try TranscriptWriter.write(results, to: URL(fileURLWithPath: transcript))
        }
        if let asciicast {
            do {
                for path in try AsciicastFiles.write(results, to: URL(fileURLWithPath: asciicast)) { Terminal.progress("wrote \(path)") }
            } catch {
                Terminal.error("kiosk: \(asciicast): \(error)")
                throw ExitCode(73)
            }
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode.failure }
    }

    private static func usage(_ message: String) -> ExitCode {
        Terminal.error("kiosk: \(message)")
        return ExitCode(64)
    }
}
