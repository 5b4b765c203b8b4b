import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk catalog validate FILE`: check a catalog before installing it.
struct CatalogValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a catalog file and report every problem.",
        discussion: """
            Prints a one-line summary and exits 0 when the file is valid. Otherwise prints every \
            problem to standard error as FILE:LINE:COLUMN: error: message and exits 65; a missing \
            or unreadable file exits 66. What was inferred (entitlements declared by use in a \
            catalog without an 'entitlements:' list) is noted on standard error as \
            FILE:LINE:COLUMN: note: message.
            """
    )

    @Argument(help: "The catalog file (YAML).")
    var file: String

    func run() throws {
        switch CatalogLoader.loadNoting(contentsOf: URL(fileURLWithPath: file), displayName: file) {
        case let .success((catalog, notes)):
            for note in notes { Terminal.error(note.description) }
            print("\(file): OK: \(Self.summary(of: catalog))")
        case let .failure(failure):
            throw CatalogExitStatus.report(failure)
        }
    }

    /// "Kiosk Demo Store, 3 plans, 4 subscription products, …, currencies USD EUR GBP JPY".
    static func summary(of catalog: Catalog) -> String {
        let subscriptions = catalog.plans.reduce(0) { $0 + $1.products.count }
        let currencies = ([catalog.currency] + catalog.currencies).map(\.code).joined(separator: " ")
        return [
            catalog.name,
            count(catalog.plans.count, "plan"),
            count(subscriptions, "subscription product"),
            count(catalog.products.count, "one-time product"),
            count(catalog.features.count, "feature"),
            count(catalog.offerCodes.count, "offer code"),
            "currencies \(currencies)",
        ].joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
