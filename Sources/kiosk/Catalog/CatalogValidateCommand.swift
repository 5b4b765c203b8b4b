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
            or unreadable file exits 66.
            """
    )

    @Argument(help: "The catalog file (YAML).")
    var file: String

    func run() throws {
        switch CatalogLoader.load(contentsOf: URL(fileURLWithPath: file), displayName: file) {
        case let .success(catalog):
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
