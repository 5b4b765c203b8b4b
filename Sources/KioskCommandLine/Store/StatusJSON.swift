import Foundation
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// `kiosk status --json`: the text report's facts, typed for scripts. Money is integer minor
/// units beside its ISO 4217 currency; dates are ISO 8601; what is absent is null.
package struct StatusJSON: Encodable {
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
        @NullWhenAbsent var renews: Date?
        /// A plan change waiting for the renewal, with what that renewal charges; null when none.
        @NullWhenAbsent var scheduledChange: ScheduledChangeEntry?
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
        @NullWhenAbsent var subscription: SubscriptionEntry?
        let entitlements: [String]
        let points: Int64
        /// The customer balance, in minor units of `currency`: what later charges take first.
        let creditBalanceMinor: Int64
        let latestInvoices: [InvoiceEntry]
    }

    let store: String
    let dataDirectory: String
    let catalog: String
    let accounts: Int
    @NullWhenAbsent var signedIn: String?
    let plans: [PlanEntry]
    @NullWhenAbsent var account: AccountEntry?
    /// Only with `--database URL`: the PostgreSQL server the store lives on.
    var database: DatabaseEntry?

    /// The same view, with the PostgreSQL server it was read from.
    package func with(database: DatabaseEntry) -> StatusJSON {
        var view = self
        view.database = database
        return view
    }

    package static func make(service: any PaymentsService, session: SessionTokenKeeper, catalog: Catalog, source: CatalogSource,
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

    package func encoded() throws -> String { try Self.encode(self) }

    /// snake_case keys, ISO 8601 dates, sorted keys, pretty-printed.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// An optional field that scripts read as `null` when absent: a synthesized `Encodable` leaves a
/// nil optional's key out, and the JSON views of `status` and `store controls` promise every key.
@propertyWrapper struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
