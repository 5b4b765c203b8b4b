import Foundation
import KioskViewModels
import PaymentsCore

/// `kiosk status --json`: the text report's facts, typed for scripts. Money is integer minor
/// units beside its ISO 4217 currency; dates are ISO 8601; what is absent is null.
struct StatusJSON: Encodable {
    struct Price: Encodable {
        let productId: String
        let amountMinor: Int64
        let currency: String
        let period: String
    }

    struct PlanEntry: Encodable {
        let id: String
        let name: String
        let prices: [Price]
    }

    struct SubscriptionEntry: Encodable {
        let productId: String
        let productName: String
        let state: String
        let renews: Date?
        /// A plan change waiting for the renewal, with what that renewal charges; null when none.
        let scheduledChange: ScheduledChangeEntry?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(productId, forKey: .productId)
            try container.encode(productName, forKey: .productName)
            try container.encode(state, forKey: .state)
            try container.encode(renews, forKey: .renews)
            try container.encode(scheduledChange, forKey: .scheduledChange)
        }

        private enum CodingKeys: String, CodingKey { case productId, productName, state, renews, scheduledChange }
    }

    struct ScheduledChangeEntry: Encodable {
        let productId: String
        let productName: String
        let effectiveAt: Date
        let amountMinor: Int64
        let currency: String
    }

    struct InvoiceEntry: Encodable {
        let id: String
        let createdAt: Date
        let amountMinor: Int64
        let currency: String
        let status: String
        let description: String
    }

    struct AccountEntry: Encodable {
        let id: String
        let name: String
        let email: String
        let currency: String
        let plan: String
        let subscription: SubscriptionEntry?
        let entitlements: [String]
        let points: Int64
        /// The customer balance, in minor units of `currency`: what later charges take first.
        let creditBalanceMinor: Int64
        let latestInvoices: [InvoiceEntry]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
            try container.encode(currency, forKey: .currency)
            try container.encode(plan, forKey: .plan)
            try container.encode(subscription, forKey: .subscription)
            try container.encode(entitlements, forKey: .entitlements)
            try container.encode(points, forKey: .points)
            try container.encode(creditBalanceMinor, forKey: .creditBalanceMinor)
            try container.encode(latestInvoices, forKey: .latestInvoices)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, email, currency, plan, subscription, entitlements, points, creditBalanceMinor, latestInvoices
        }
    }

    let store: String
    let dataDirectory: String
    let catalog: String
    let accounts: Int
    let signedIn: String?
    let plans: [PlanEntry]
    let account: AccountEntry?
    /// Only with `--database URL`: the PostgreSQL server the store lives on.
    var database: DatabaseEntry?

    /// The same view, with the PostgreSQL server it was read from.
    func with(database: DatabaseEntry) -> StatusJSON {
        var view = self
        view.database = database
        return view
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(dataDirectory, forKey: .dataDirectory)
        try container.encode(catalog, forKey: .catalog)
        try container.encode(accounts, forKey: .accounts)
        try container.encode(signedIn, forKey: .signedIn)
        try container.encode(plans, forKey: .plans)
        try container.encode(account, forKey: .account)
        try container.encodeIfPresent(database, forKey: .database)
    }

    private enum CodingKeys: String, CodingKey {
        case store, dataDirectory, catalog, accounts, signedIn, plans, account, database
    }

    static func make(service: any PaymentsService, session: SessionTokenKeeper, catalog: Catalog, source: CatalogSource,
                     directory: DataDirectory, accountID: String?) async throws -> StatusJSON {
        let accounts = try await service.accounts()
        let signedIn = try await session.account(on: service)
        let plans = catalog.plans.sorted(by: { $0.rank < $1.rank }).map { plan in
            PlanEntry(id: plan.id, name: plan.name, prices: plan.products.compactMap { product in
                catalog.price(base: product.price, overrides: product.prices, in: catalog.currency).map {
                    Price(productId: product.id, amountMinor: $0.minorUnits, currency: $0.currency.code,
                          period: CatalogDurationWording.per(product.period))
                }
            })
        }
        var account: AccountEntry?
        if let id = accountID ?? signedIn?.id ?? accounts.first?.id {
            let details = try await service.account(id)
            var subscription: SubscriptionEntry?
            if let current = try await service.subscriptions(accountID: id).first {
                let scheduled = try await StatusReport.scheduledChange(of: current, service: service).map {
                    ScheduledChangeEntry(productId: $0.toProductID, productName: ProductWording.name($0.toProductID, in: catalog),
                                         effectiveAt: $0.nextChargeDate, amountMinor: $0.nextChargeAmount.minorUnits,
                                         currency: $0.nextChargeAmount.currency.code)
                }
                subscription = SubscriptionEntry(
                    productId: current.productID, productName: ProductWording.name(current.productID, in: catalog),
                    state: current.state.rawValue,
                    renews: current.isActive && current.willAutoRenew ? current.currentPeriodEnd : nil,
                    scheduledChange: scheduled)
            }
            let invoices = try await service.invoices(accountID: id, query: InvoiceQuery(limit: 5)).items.map {
                InvoiceEntry(id: $0.id, createdAt: $0.createdAt, amountMinor: $0.total.minorUnits,
                             currency: $0.total.currency.code, status: $0.status.rawValue, description: $0.description)
            }
            account = AccountEntry(
                id: details.id, name: details.name, email: details.email, currency: details.currency.code,
                plan: PlanStandingWording.standing(try await service.customerInfo(accountID: id).plan),
                subscription: subscription,
                entitlements: Set(try await service.entitlements(accountID: id).map(\.id)).sorted(),
                points: details.pointsBalance, creditBalanceMinor: details.creditBalance, latestInvoices: invoices)
        }
        return StatusJSON(store: catalog.name, dataDirectory: directory.url.path, catalog: source.origin.rawValue,
                          accounts: accounts.count, signedIn: signedIn?.id, plans: plans, account: account)
    }

    func encoded() throws -> String { try Self.encode(self) }

    /// snake_case keys, ISO 8601 dates, sorted keys, pretty-printed.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
