import Foundation
import PaymentsCore

/// The catalog every store benchmark runs on, built in code so no file parsing is measured.
///
/// `hourly` exists only to grow a long invoice history quickly through the real renewal engine:
/// one test-clock advance of 99,999 hours gives one account 100,000 invoices.
enum BenchmarkCatalog {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static let monthly = "pro.monthly"
    static let hourly = "pro.hourly"
    static let points = "points.500"

    static let catalog = Catalog(
        name: "Benchmark Store", currency: .usd, currencies: [],
        entitlements: [EntitlementDefinition(id: "premium", name: "Premium")],
        features: [Feature(id: "export", name: "Export", kind: .flag)],
        plans: [
            Plan(id: "free", name: "Free", rank: 0, features: ["export": .flag(false)]),
            Plan(id: "pro", name: "Pro", rank: 1, entitlement: "premium", features: ["export": .flag(true)],
                 products: [
                    SubscriptionProduct(id: monthly, period: ISODuration(months: 1), price: 1000),
                    SubscriptionProduct(id: hourly, period: ISODuration(hours: 1), price: 10),
                 ]),
        ],
        products: [
            OneTimeProduct(id: points, type: .consumable, name: "500 points", price: 500, points: 500),
        ])
}
