import ArgumentParser
import Foundation
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// The store at a glance, as text.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the store: catalog, accounts, and an account's plan, entitlements, usage and invoices.",
        discussion: """
            With --database URL (or KIOSK_DATABASE_URL) it shows that PostgreSQL server first: its \
            version and where its Kiosk schema stands (current, behind, or newer than this build), \
            then, when the schema is current, the store kept there (with --json, under "database").
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: "Account to show (default: the signed-in account, else the first one).")
    var account: String?

    @Flag(help: "Print the status as one JSON object (snake_case keys) instead of text.")
    var json = false

    @OptionGroup var postgres: PostgresDatabaseOptions

    func run() async throws {
        if postgres.given != nil {
            return try await ServerStack.required(\.postgresStatus)(postgres, store, account, json)
        }
        let (service, catalog, source) = try await store.openUpToDate(existingOnly: true)
        let session = try await TerminalSession.keeper(for: service, in: store.data.directory)
        if json {
            print(try await StatusJSON.make(service: service, session: session, catalog: catalog, source: source,
                                            directory: store.data.directory, accountID: account).encoded())
        } else {
            let report = try await StatusReport.make(service: service, session: session, catalog: catalog, accountID: account)
            print("\(catalog.name) — data in \(store.data.directory.url.path), catalog: \(source.origin.rawValue)")
            print(report)
        }
        try await UnbalancedBooks.check(service, directory: store.data.directory.url)
    }
}

/// The text of `kiosk status`, built from the public API only.
package enum StatusReport {
    package static func make(service: any PaymentsService, session: SessionTokenKeeper, catalog: Catalog,
                             accountID: String?) async throws -> String {
        var lines: [String] = []
        let accounts = try await service.accounts()
        let signedIn = try await session.account(on: service)
        lines.append("Accounts: \(accounts.count)" + (signedIn.map { ", signed in: \($0.name) <\($0.email)>" } ?? ""))
        lines.append("")
        lines.append("Plans:")
        for plan in catalog.plans.sorted(by: { $0.rank < $1.rank }) {
            let prices = plan.products.compactMap { product in
                catalog.price(base: product.price, overrides: product.prices, in: catalog.currency)
                    .map { "\($0.formatted())/\(CatalogDurationWording.per(product.period))" }
            }
            lines.append("  \(plan.name.padding(toLength: 12, withPad: " ", startingAt: 0)) "
                         + (prices.isEmpty ? "free" : prices.joined(separator: ", ")))
        }
        guard let id = accountID ?? signedIn?.id ?? accounts.first?.id else {
            lines.append("")
            lines.append("No customers yet: `kiosk seed` fills the store with demo customers and history.")
            return lines.joined(separator: "\n")
        }
        let account = try await service.account(id)
        let now = try await service.now(for: id)
        lines.append("")
        lines.append("\(account.name) <\(account.email)> (\(account.id), \(account.currency))")
        let plan = try await service.customerInfo(accountID: id).plan
        lines.append("  Plan: \(PlanStandingWording.standing(plan))")
        if let subscription = try await service.subscriptions(accountID: id).first {
            let renews = subscription.isActive && subscription.willAutoRenew
            lines.append("  Subscription: \(ProductWording.name(subscription.productID, in: catalog)), "
                         + SubscriptionStateWording.status(subscription) + (renews ? ", renews \(day(subscription.currentPeriodEnd))" : ""))
            if let scheduled = try await scheduledChange(of: subscription, service: service) {
                lines.append("  " + (renews ? ScheduledChangeWording.text(scheduled, catalog: catalog)
                                           : ScheduledChangeWording.whileCancelled(scheduled, catalog: catalog)))
            }
        }
        lines.append("  Account balance: \(Money(minorUnits: account.creditBalance, currency: account.currency).formatted())")
        let entitlements = try await service.entitlements(accountID: id).map(\.id)
        lines.append("  Entitlements: \(entitlements.isEmpty ? "none" : Set(entitlements).sorted().joined(separator: ", "))")
        lines.append("  Points: \(account.pointsBalance)")
        for meter in try await service.usage(accountID: id) {
            let amount = meter.limit.map { "\(meter.used) of \($0)" } ?? (meter.kind == .limit ? "\(meter.used) (unlimited)" : "")
            let next = meter.nextAvailableAt.map { "next at \(minute($0))" } ?? (meter.kind == .interval ? "available" : "")
            lines.append("  \(meter.featureName): \(amount)\(next)")
        }
        let invoices = try await service.invoices(accountID: id, query: InvoiceQuery(limit: 5)).items
        lines.append("  Latest invoices (as of \(day(now))):")
        for invoice in invoices {
            lines.append("    \(invoice.id)  \(day(invoice.createdAt))  \(invoice.total.formatted().padding(toLength: 10, withPad: " ", startingAt: 0))"
                         + "  \(invoice.status.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))  \(invoice.description)")
        }
        if invoices.isEmpty { lines.append("    none") }
        return lines.joined(separator: "\n")
    }

    /// The change waiting for the subscription's renewal, with what that renewal charges.
    static func scheduledChange(of subscription: Subscription, service: any PaymentsService) async throws -> PlanChangePreview? {
        guard subscription.state == .subscribed, let pending = subscription.pendingProductID else { return nil }
        return try await service.previewPlanChange(subscriptionID: subscription.id, toProductID: pending)
    }

    private static func day(_ date: Date) -> String { DateWording.day(date) }

    private static func minute(_ date: Date) -> String { DateWording.minute(date) }
}
