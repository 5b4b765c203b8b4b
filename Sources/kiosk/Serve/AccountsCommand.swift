import ArgumentParser

/// `kiosk accounts`: customer accounts and their API keys.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Create customer accounts and manage their API and SSH keys.",
        subcommands: [AccountsCreateCommand.self, AccountsKeyCommand.self, AccountsSSHKeysCommand.self]
    )
}
