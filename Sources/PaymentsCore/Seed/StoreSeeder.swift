import Foundation

/// Fills a store with realistic history by driving the real operations through a test clock:
/// trials, renewals, upgrades and downgrades, failing cards and recoveries, cancellations,
/// refunds, points packs and usage. Same seed and start, same history.
public struct StoreSeeder: Sendable {
    public struct Progress: Sendable {
        public var month: Int
        public var months: Int
        public var accounts: Int
        public var purchases: Int
    }

    public let service: any PaymentsService
    public let accounts: Int
    public let months: Int
    public let seed: UInt64
    public let start: Date

    public init(service: any PaymentsService, accounts: Int, months: Int, seed: UInt64, start: Date) {
        self.service = service
        self.accounts = accounts
        self.months = months
        self.seed = seed
        self.start = start
    }

    private static let goodCard = ChargeBehaviour.succeeds
    private static let badCard = ChargeBehaviour.declines(
        DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds."))

    /// Runs the whole history; `progress` is called after each simulated month.
    @discardableResult
    public func run(progress: @Sendable (Progress) -> Void = { _ in }) async throws -> TestClock {
        var random = SeededGenerator(seed: seed)
        let catalog = try await service.catalog()
        let clock = try await service.createTestClock(name: "seed \(seed)", frozenAt: start)
        let subscriptionProducts = catalog.plans.flatMap(\.products).map(\.id)
        let oneTime = catalog.products.filter { $0.type != .nonConsumable }.map(\.id)
        let features = catalog.features.filter { $0.kind != .flag }.map(\.id)
        var ids: [String] = []
        for index in 0..<accounts {
            let account = try await service.createAccount(NewAccount(
                email: "customer\(index + 1).\(clock.id)@seed.kiosk.test", name: Self.name(index, &random),
                testClockID: clock.id))
            _ = try await service.addPaymentMethod(accountID: account.id, card(index: index, &random))
            ids.append(account.id)
        }
        var purchases = 0
        var now = start
        for month in 1...max(months, 1) {
            for week in 0..<4 {
                for (index, id) in ids.enumerated() {
                    purchases += try await act(account: id, index: index, products: subscriptionProducts,
                                               oneTime: oneTime, features: features, random: &random)
                }
                now = try ISODuration(days: week == 3 ? 0 : 7).advance(now)
                if week < 3 { _ = try await service.advanceTestClock(clock.id, to: now) }
            }
            now = try ISODuration(months: month).advance(start)
            _ = try await service.advanceTestClock(clock.id, to: now)
            progress(Progress(month: month, months: months, accounts: accounts, purchases: purchases))
        }
        return try await service.testClock(clock.id)
    }

    /// One account's week: mostly nothing, sometimes one of the things customers do.
    private func act(account: String, index: Int, products: [String], oneTime: [String], features: [String],
                     random: inout SeededGenerator) async throws -> Int {
        let roll = Int.random(in: 0..<100, using: &random)
        let subscription = try await service.subscriptions(accountID: account).first { $0.isActive }
        do {
            switch roll {
            case 0..<12 where subscription == nil && !products.isEmpty:
                let product = products[Int.random(in: 0..<products.count, using: &random)]
                return try await purchased(service.purchase(PurchaseRequest(accountID: account, productID: product)))
            case 12..<15 where subscription?.state == .subscribed && !products.isEmpty:
                let product = products[Int.random(in: 0..<products.count, using: &random)]
                guard let subscription, product != subscription.productID else { return 0 }
                _ = try await service.changePlan(PlanChangeRequest(subscriptionID: subscription.id, toProductID: product))
            case 15..<17 where subscription?.willAutoRenew == true:
                guard let subscription else { return 0 }
                let reasons = CancellationReason.allCases
                _ = try await service.cancelAtPeriodEnd(subscriptionID: subscription.id,
                                                        reason: reasons[Int.random(in: 0..<reasons.count, using: &random)])
            case 17..<18 where subscription?.willAutoRenew == false:
                guard let subscription else { return 0 }
                _ = try await service.resume(subscriptionID: subscription.id)
            case 18..<21:
                // A card starts or stops failing: renewals fail, then recover or expire.
                let methods = try await service.paymentMethods(accountID: account)
                for method in methods { try await service.removePaymentMethod(method.id) }
                _ = try await service.addPaymentMethod(accountID: account, card(index: index, &random))
            case 21..<27 where !oneTime.isEmpty:
                let product = oneTime[Int.random(in: 0..<oneTime.count, using: &random)]
                return try await purchased(service.purchase(PurchaseRequest(accountID: account, productID: product)))
            case 27..<28:
                let paid = try await service.invoices(accountID: account, query: InvoiceQuery(status: .paid, limit: 1))
                if let invoice = paid.items.first, invoice.total.minorUnits > 0 {
                    _ = try await service.refund(invoiceID: invoice.id, idempotencyKey: nil)
                }
            case 28..<45 where !features.isEmpty:
                let feature = features[Int.random(in: 0..<features.count, using: &random)]
                _ = try await service.recordUsage(accountID: account, featureID: feature, idempotencyKey: nil)
            default:
                break
            }
        } catch let error as PaymentsError {
            // Refusals are part of real traffic (limits reached, already owned): the history keeps going.
            switch error {
            case .storage, .storeFile, .busy: throw error
            default: return 0
            }
        }
        return 0
    }

    private func purchased(_ outcome: PurchaseOutcome) -> Int {
        if case .purchased = outcome { return 1 }
        return 0
    }

    private func card(index: Int, _ random: inout SeededGenerator) -> NewPaymentMethod {
        let failing = Int.random(in: 0..<100, using: &random) < 15
        let brands = [("visa", "4242"), ("mastercard", "4444"), ("amex", "0005")]
        let (brand, last4) = failing ? ("visa", "0341") : brands[Int.random(in: 0..<brands.count, using: &random)]
        return NewPaymentMethod(token: "tok_seed_\(index)_\(random.next() % 1_000_000)", brand: brand, last4: last4,
                                expMonth: 12, expYear: 2099, behaviour: failing ? Self.badCard : Self.goodCard)
    }

    private static func name(_ index: Int, _ random: inout SeededGenerator) -> String {
        let first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Radia", "Linus",
                     "Frances", "John", "Hedy", "Dennis", "Katherine", "Tim"]
        let last = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Perlman",
                    "Torvalds", "Allen", "Backus", "Lamarr", "Ritchie", "Johnson", "Berners-Lee"]
        return first[Int.random(in: 0..<first.count, using: &random)] + " " + last[Int.random(in: 0..<last.count, using: &random)]
    }
}
