import Foundation
@testable import PaymentsCore
@testable import KioskViewModels

/// Values the view-model tests share: a catalog like the demo store's, an account and builders.
enum ViewModelsFixtures {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static let catalog = Catalog(
        name: "Kiosk Demo Store", currency: .usd,
        entitlements: [EntitlementDefinition(id: "premium", name: "Premium"),
                       EntitlementDefinition(id: "themes", name: "Theme pack")],
        features: [
            Feature(id: "projects", name: "Projects per month", kind: .limit, period: ISODuration(months: 1)),
            Feature(id: "refresh", name: "Refresh interval", kind: .interval),
            Feature(id: "export", name: "Export data", kind: .flag),
        ],
        plans: [
            Plan(id: "free", name: "Free", rank: 0,
                 features: ["projects": .limit(3), "refresh": .interval(ISODuration(hours: 24)), "export": .flag(false)]),
            Plan(id: "pro", name: "Pro", rank: 1, entitlement: "premium", tagline: "Everything a professional needs.",
                 features: ["projects": .unlimited, "refresh": .interval(ISODuration(hours: 1)), "export": .flag(true)],
                 products: [
                    SubscriptionProduct(id: "pro.monthly", period: ISODuration(months: 1), price: 999,
                                        intro: IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1))),
                    SubscriptionProduct(id: "pro.yearly", period: ISODuration(years: 1), price: 9999),
                 ]),
            Plan(id: "max", name: "Max", rank: 2, entitlement: "premium",
                 features: ["projects": .unlimited, "refresh": .interval(ISODuration(minutes: 5)), "export": .flag(true)],
                 products: [
                    SubscriptionProduct(id: "max.monthly", period: ISODuration(months: 1), price: 2999),
                    SubscriptionProduct(id: "max.yearly", period: ISODuration(years: 1), price: 29999),
                 ]),
        ],
        products: [
            OneTimeProduct(id: "themes.lifetime", type: .nonConsumable, name: "Theme pack", price: 1499, entitlement: "themes"),
            OneTimeProduct(id: "points.500", type: .consumable, name: "Starter points", price: 499, points: 500),
        ],
        offerCodes: [
            OfferCode(code: "WELCOME20", products: ["pro.monthly", "pro.yearly"], discount: .percent(20),
                      expires: Date(timeIntervalSince1970: 1_924_991_999), periods: 3),
        ])

    static func account(_ id: String = "acct_1") -> Account {
        Account(id: id, email: "ada@example.com", name: "Ada", createdAt: start, currency: .usd, storefront: "USA",
                testClockID: nil, creditBalance: 0, pointsBalance: 0, details: CustomerDetails())
    }

    static func usd(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .usd) }

    static func invoice(_ number: Int, accountID: String = "acct_1", status: InvoiceStatus = .paid,
                        description: String = "Pro monthly") -> Invoice {
        Invoice(id: String(format: "INV-%06d", number), accountID: accountID, subscriptionID: nil, productID: "pro.monthly",
                kind: .renewal, createdAt: start.addingTimeInterval(Double(number) * 86_400), status: status,
                description: description, total: usd(999), paymentMethod: PaymentMethodSummary(brand: "visa", last4: "4242"),
                attemptCount: 0, failureCode: nil, refundOf: nil,
                lines: [InvoiceLine(kind: .charge, description: description, amount: usd(999))])
    }

    /// One calendar month after `start` in UTC, as the engine's periods count it.
    static let monthAfterStart: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.date(byAdding: .month, value: 1, to: start) ?? start
    }()

    static func subscription(product: String = "pro.monthly", plan: String = "pro",
                             state: RenewalState = .subscribed) -> Subscription {
        Subscription(id: "sub_1", accountID: "acct_1", groupID: "plans", planID: plan, productID: product, state: state,
                     periodType: .normal, currentPeriodStart: start, currentPeriodEnd: monthAfterStart,
                     originalPurchaseDate: start, willAutoRenew: true, pendingProductID: nil, expirationReason: nil,
                     revocationDate: nil, revocationReason: nil, billingIssueDetectedAt: nil, unsubscribeDetectedAt: nil,
                     gracePeriodEndsAt: nil, billingRetryEndsAt: nil, periodAmountPaid: usd(999), paymentMethodID: "pm_1",
                     cancellationReason: nil)
    }

    static func card(_ id: String = "pm_1") -> PaymentMethod {
        PaymentMethod(id: id, accountID: "acct_1", token: "tok_1", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035,
                      isDefault: true, behaviour: .succeeds, createdAt: start)
    }

    static func restored(_ subscriptions: [RestoredSubscription] = []) -> RestoreResult {
        RestoreResult(accountID: "acct_1", subscriptions: subscriptions, nonConsumables: [], passes: [], restoredAt: start)
    }
}
