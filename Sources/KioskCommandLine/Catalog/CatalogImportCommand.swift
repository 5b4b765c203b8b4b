import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk catalog import FILE.storekit`: turns an Xcode StoreKit configuration into a catalog
/// file, so a team's existing test products become a Kiosk store.
struct CatalogImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert an Xcode StoreKit configuration file (.storekit) into a catalog.",
        discussion: """
            Writes the catalog (YAML) to standard output, or to --output FILE (never replacing an \
            existing file without --force). Everything not imported or inferred from names is \
            listed on standard error as FILE: note: message, and as comments at the top of the \
            catalog. Exit status: 0 imported, 64 usage error (including an unknown --group), 65 \
            not JSON or not a StoreKit configuration, 66 missing or unreadable file, 73 the \
            output could not be written.
            """
    )

    @Argument(help: "The StoreKit configuration file (.storekit, JSON).")
    var file: String

    @Option(name: [.short, .long], help: "Write the catalog to this file instead of standard output.")
    var output: String?

    @Flag(help: "Replace --output if it exists.")
    var force = false

    @Option(help: "The subscription group to import, by id or name (default: the first with subscriptions).")
    var group: String?

    @Option(help: "ISO 4217 currency of the prices (default: from settings._storefront, else USD).")
    var currency: String?

    @Option(help: "The catalog's name (default: the file name without its extension).")
    var name: String?

    func validate() throws {
        if let currency, Currency(code: currency) == nil {
            throw ValidationError("--currency '\(currency)' is not an ISO 4217 currency code.")
        }
        if force && output == nil {
            throw ValidationError("--force only applies with --output.")
        }
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--name must not be empty.")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "cannot read the file" : "no such file"
            Self.printError("\(file): error: \(reason)")
            throw CatalogExitStatus.unreadable
        }
        let options = StoreKitImportOptions(name: name ?? url.deletingPathExtension().lastPathComponent,
                                            currency: currency.flatMap { Currency(code: $0) }, group: group)
        let imported: StoreKitImport
        do {
            imported = try StoreKitConfigurationImporter.convert(json: data, options: options)
        } catch {
            Self.printError("\(file): error: \(error)")
            if case .unknownGroup = error { throw ExitCode.validationFailure }
            throw CatalogExitStatus.invalid
        }
        for note in imported.notes { Self.printError("\(file): note: \(note)") }
        let yaml = imported.yaml(sourceFile: url.lastPathComponent)
        guard let output else {
            print(yaml, terminator: "")
            return
        }
        if FileManager.default.fileExists(atPath: output) && !force {
            Self.printError("\(output): error: already exists; use --force to replace it")
            throw CatalogExitStatus.cannotCreate
        }
        do {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Self.printError("\(output): error: cannot write the catalog: \(error.localizedDescription)")
            throw CatalogExitStatus.cannotCreate
        }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
