import ArgumentParser

/// `kiosk qa …`: scripted purchase flows run headless.
struct QACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qa",
        abstract: "Run QA scenario files headless and report, or record one in the terminal.",
        subcommands: [QARunCommand.self, QARecordCommand.self])
}
