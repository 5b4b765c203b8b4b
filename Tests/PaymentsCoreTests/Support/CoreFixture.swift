import Foundation
import KioskPostgres
import KioskPostgresStore
@testable import PaymentsCore
import Simulators
import TestSupport

/// A store on a temporary database (SQLite, or PostgreSQL: see `CoreTestStorage`), a manual
/// clock and a small catalog with every product kind.
struct CoreFixture {
    let service: LocalPaymentsService
    let clock: ManualClock
    let directory: URL
    /// Where the rows live when the suite runs on PostgreSQL; nil on SQLite (in `directory`).
    let postgres: PostgresLocation?
    /// Kept for as long as the fixture: its connections count against the cluster's limit.
    private let slot: CoreTestStorage.Slot?

    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    init(catalog: Catalog = CoreFixture.catalog, settings: StoreSettings? = nil) async throws {
        directory = ScratchDirectories.make("kiosk-core")
        clock = ManualClock(Self.start)
        let opened = try await CoreTestStorage.postgres()
        (postgres, slot) = (opened?.location, opened?.slot)
        service = try await Self.open(directory: directory, postgres: postgres, catalog: catalog, clock: clock)
        if let settings { try await service.updateSettings(settings) }
    }

    /// Another service on the same store, as a second process or a restart opens it.
    func reopen(catalog: Catalog = CoreFixture.catalog) async throws -> LocalPaymentsService {
        try await Self.open(directory: directory, postgres: postgres, catalog: catalog, clock: clock)
    }

    private static func open(directory: URL, postgres: PostgresLocation?, catalog: Catalog,
                             clock: ManualClock) async throws -> LocalPaymentsService {
        let data = DataDirectory(url: directory)
        let processor = SimulatedCardProcessor(directory: data)
        guard let postgres else {
            return try LocalPaymentsService(directory: data, catalog: catalog, clock: clock, cardProcessor: processor)
        }
        return try await LocalPaymentsService(storage: PostgresStorage(location: postgres, connections: 1), keysIn: data,
                                              catalog: catalog, clock: clock, cardProcessor: processor)
    }

    func account(_ name: String = "ada", card: ChargeBehaviour? = .succeeds) async throws -> Account {
        let account = try await service.createAccount(NewAccount(email: "\(name)@example.com", name: name))
        if let card {
            _ = try await service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
                token: "tok_\(name)", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035, behaviour: card))
        }
        return account
    }

    func buy(_ account: Account, _ product: String, code: String? = nil, key: String? = nil) async throws -> PurchaseReceipt {
        let outcome = try await service.purchase(PurchaseRequest(accountID: account.id, productID: product, offerCode: code,
                                                                 idempotencyKey: key))
        guard case let .purchased(receipt) = outcome else { throw FixtureError.declined("\(outcome)") }
        return receipt
    }

    func subscription(_ account: Account) async throws -> Subscription {
        guard let subscription = try await service.subscriptions(accountID: account.id).first else {
            throw FixtureError.missing("subscription")
        }
        return subscription
    }

    /// Moves real time forward and runs what fell due, as the scheduler's next tick would.
    /// (UTC days have no daylight-saving jumps, so a day is always 86,400 seconds.)
    /// Moves real time forward and runs what fell due on both sides, as the timers of `kiosk
    /// serve` and `kiosk run` do.
    func advance(days: Int) async throws {
        moveClock(days: days)
        try await service.runDueWork()
        try await service.appStore.runScheduledDueWork()
    }

    /// Moves real time forward only: what falls due stays due until something runs it.
    func moveClock(days: Int) { clock.set(clock.now.addingTimeInterval(Double(days) * 86_400)) }

    func invariants() async throws -> [String] { try await service.checkInvariants() }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    static let catalog = Catalog(
        name: "Test Store", currency: .usd, currencies: [.eur, .jpy],
        entitlements: [EntitlementDefinition(id: "premium", name: "Premium"),
                       EntitlementDefinition(id: "themes", name: "Themes")],
        features: [
            Feature(id: "projects", name: "Projects", kind: .limit, period: ISODuration(months: 1)),
            Feature(id: "refresh", name: "Refresh", kind: .interval),
            Feature(id: "export", name: "Export", kind: .flag),
        ],
        plans: [
            Plan(id: "free", name: "Free", rank: 0,
                 features: ["projects": .limit(3), "refresh": .interval(ISODuration(hours: 24)), "export": .flag(false)]),
            Plan(id: "pro", name: "Pro", rank: 1, entitlement: "premium",
                 features: ["projects": .unlimited, "refresh": .interval(ISODuration(hours: 1)), "export": .flag(true)],
                 products: [
                    SubscriptionProduct(id: "pro.monthly", period: ISODuration(months: 1), price: 1000,
                                        prices: ["EUR": 900, "JPY": 1500],
                                        intro: IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1))),
                    SubscriptionProduct(id: "pro.yearly", period: ISODuration(years: 1), price: 10000,
                                        prices: ["EUR": 9000, "JPY": 15000]),
                 ]),
            Plan(id: "max", name: "Max", rank: 2, entitlement: "premium",
                 features: ["projects": .unlimited, "refresh": .interval(ISODuration(minutes: 5)), "export": .flag(true)],
                 products: [
                    SubscriptionProduct(id: "max.monthly", period: ISODuration(months: 1), price: 3000,
                                        prices: ["EUR": 2700, "JPY": 4500],
                                        intro: IntroOffer(type: .payAsYouGo, period: ISODuration(months: 1), price: 1500,
                                                          prices: ["EUR": 1300, "JPY": 2200], periods: 2)),
                    SubscriptionProduct(id: "max.yearly", period: ISODuration(years: 1), price: 30000,
                                        prices: ["EUR": 27000, "JPY": 45000],
                                        intro: IntroOffer(type: .payUpFront, period: ISODuration(months: 6), price: 9000,
                                                          prices: ["EUR": 8000, "JPY": 13000])),
                 ]),
        ],
        products: [
            OneTimeProduct(id: "points.500", type: .consumable, name: "500 points", price: 500,
                           prices: ["EUR": 450, "JPY": 750], points: 500),
            OneTimeProduct(id: "themes", type: .nonConsumable, name: "Themes", price: 1500,
                           prices: ["EUR": 1400, "JPY": 2200], entitlement: "themes"),
            OneTimeProduct(id: "pass", type: .nonRenewing, name: "Season pass", price: 3000,
                           prices: ["EUR": 2700, "JPY": 4500], duration: ISODuration(months: 3), entitlement: "premium"),
        ],
        offerCodes: [
            OfferCode(code: "HALF", products: ["pro.yearly", "pro.monthly", "points.500"], discount: .percent(50),
                      expires: date("2026-06-01T00:00:00Z"), periods: 2),
            OfferCode(code: "FIVE", products: ["themes"], discount: .amount(500), expires: date("2030-01-01T00:00:00Z")),
        ])
}

enum FixtureError: Error {
    case declined(String)
    case missing(String)
}
