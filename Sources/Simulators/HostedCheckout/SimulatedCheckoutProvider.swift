import Foundation
import GRDB
import PaymentsCore
import Synchronization

/// The sandbox's hosted-checkout provider (DodoPayments-style): sessions, the card form, signed
/// webhook deliveries and their QA controls.
///
/// It reaches the store as a real provider reaches a merchant: through the store's API (the card
/// form's card becomes a one-off payment method, the charge a keyed `purchase`, the 3-D Secure
/// answer `completeAuthentication`) and its change feed, never its tables. Its own records
/// (sessions, deliveries, its cursor and numbering) live in tables of its own; on a data
/// directory they share the store's database file, so a snapshot keeps both sides together.
///
/// Each step is its own transaction and the store is never called while one is open. A charge is
/// claimed in the session row before the store is asked (attempt number and payment method), so a
/// retry after a crash, or a second submit from another process, replays the same request under
/// the same idempotency key and the store answers it again instead of charging twice.
public final class SimulatedCheckoutProvider: HostedCheckoutService, StoreObservable {
    /// Opened on first use: the storefront builds its provider at launch, and most sessions
    /// never open a browser checkout.
    private let connection: Mutex<Connection>
    let merchant: any PaymentsService
    let cardProcessor: any CardProcessor
    let catalog: Catalog
    let clock: any KioskClock
    let locks = SessionLocks()
    /// Hears each round of webhook attempts once recorded (`kiosk serve`'s metrics).
    let observers = StoreObserverSlot()

    public func observe(_ observer: StoreObserver) { observers.set(observer) }

    private enum Connection {
        case closed(@Sendable () throws -> any DatabaseWriter)
        case open(any DatabaseWriter)
    }

    public init(database: any DatabaseWriter, merchant: any PaymentsService, cardProcessor: any CardProcessor,
                catalog: Catalog, clock: any KioskClock) {
        connection = Mutex(.open(database))
        self.merchant = merchant
        self.cardProcessor = cardProcessor
        self.catalog = catalog
        self.clock = clock
    }

    /// The provider of a data directory, on its own connection to the directory's database,
    /// opened when the provider is first used.
    public init(directory: DataDirectory, merchant: any PaymentsService, cardProcessor: any CardProcessor,
                catalog: Catalog, clock: any KioskClock) {
        connection = Mutex(.closed({ try StoreDatabase.open(directory) }))
        self.merchant = merchant
        self.cardProcessor = cardProcessor
        self.catalog = catalog
        self.clock = clock
    }

    /// The provider's connection, opened now if this is its first use.
    var database: any DatabaseWriter {
        get throws {
            try connection.withLock { state in
                switch state {
                case let .open(database):
                    return database
                case let .closed(open):
                    let database = try open()
                    state = .open(database)
                    return database
                }
            }
        }
    }

    var feed: ProviderEventFeed {
        get throws { ProviderEventFeed(database: try database, merchant: merchant, clock: clock) }
    }

    /// The provider's own "now" for what it records (deliveries), in whole seconds as the store's.
    var systemNow: Date { clock.now.wholeSeconds }

    // MARK: Sessions

    /// Creates the session, or for a key this customer already opened one with, returns that
    /// session when the request is the same. A promo code is checked here, so a bad one fails
    /// before the browser opens rather than on the page.
    public func createCheckoutSession(_ request: NewCheckoutSession,
                                      using generator: inout some RandomNumberGenerator) async throws -> CheckoutSession {
        let id = StripeStyleIdentifier.make(prefix: "cks_", using: &generator)
        if let existing = try await session(idempotencyKey: request.idempotencyKey, accountID: request.accountID) {
            return try await view(existing, matching: request)
        }
        guard catalog.product(id: request.productID) != nil else { throw PaymentsError.productNotFound(request.productID) }
        guard request.lifetime > 0, request.lifetime.isFinite else { throw HostedCheckoutError.invalidLifetime }
        do {
            _ = try RedirectDetector(returnURL: request.successURL, cancelURL: request.cancelURL, state: request.state)
        } catch {
            throw HostedCheckoutError.invalidRedirectConfiguration(error.description)
        }
        let now = try await merchant.now(for: request.accountID)
        var stored = request
        stored.offerCode = try await merchant.purchasePreview(accountID: request.accountID, productID: request.productID,
                                                              offerCode: request.offerCode).offerCode
        let candidate = CheckoutSessionRow(id: id, request: stored, createdAt: now)
        // Two creations with one key at once: the write that comes second finds the first's row.
        let row = try await database.write { db in
            if let key = request.idempotencyKey, let existing = try Self.session(db, idempotencyKey: key,
                                                                                accountID: request.accountID) {
                return existing
            }
            try candidate.insert(db)
            return candidate
        }
        return try await view(row, matching: request)
    }

    public func checkoutSession(_ id: String) async throws -> CheckoutSession {
        try await view(database.read { try CheckoutSessionRow.fetch($0, id: id) })
    }

    /// Hands the card form to the card processor's vault, then asks the store to charge it.
    public func payCheckoutSession(_ id: String, card: CardDetails) async throws -> CheckoutPaymentResult {
        try await locks.withLock(id) {
            try await self.feed.collect()
            var row = try await self.database.read { try CheckoutSessionRow.fetch($0, id: id) }
            // A charge claimed before is finished first, even on a session that has expired since:
            // the store may already have taken the money for it.
            if row.purchaseMethodID != nil { return try await self.charge(row) }
            if let settled = try await self.settled(&row) { return settled }
            let now = try await self.merchant.now(for: row.accountID)
            let vaulted: VaultedCard
            do {
                vaulted = try self.cardProcessor.vault(card, at: now)
            } catch CardVaultRefusal.invalid(let errors) {
                return .invalidCard(try await self.view(row), errors)
            } catch CardVaultRefusal.declined(let reason) {
                return try await self.recordDecline(id, message: reason.message)
            } catch CardVaultRefusal.processorUnavailable(let reason) {
                throw PaymentsError.storage(reason)
            }
            // The store matches the card by fingerprint: a card saved before is the method
            // charged, not a second copy. Whether the session added it is recorded, since only a
            // card it added is removed after a failed charge.
            let savedBefore = Set(try await self.merchant.paymentMethods(accountID: row.accountID).map(\.id))
            let saved = try await self.merchant.addPaymentMethod(accountID: row.accountID,
                                                                  NewPaymentMethod(vaulted: vaulted, makeDefault: false))
            let added = !savedBefore.contains(saved.id)
            let claimed = try await self.database.write { db -> CheckoutSessionRow? in
                var row = try CheckoutSessionRow.fetch(db, id: id)
                guard row.purchaseMethodID == nil, row.status == .open else { return nil }
                row.attempts += 1
                row.purchaseMethodID = saved.id
                row.purchaseMethodAdded = added
                try row.update(db)
                return row
            }
            guard let claimed else {
                // Another process claimed the charge meanwhile: its request is the one to finish.
                if added { try await self.merchant.removePaymentMethod(saved.id) }
                var current = try await self.database.read { try CheckoutSessionRow.fetch($0, id: id) }
                if let settled = try await self.settled(&current) { return settled }
                return try await self.charge(current)
            }
            return try await self.charge(claimed)
        }
    }

    /// Asks the store for the claimed charge: keyed from the client's key when it sent one, so a
    /// retried terminal checkout can never charge twice; else from the session, unique anyway.
    private func charge(_ row: CheckoutSessionRow) async throws -> CheckoutPaymentResult {
        guard let methodID = row.purchaseMethodID else { throw HostedCheckoutError.sessionNotFound(row.id) }
        let request = PurchaseRequest(accountID: row.accountID, productID: row.productID, offerCode: row.offerCode,
                                      paymentMethodID: methodID,
                                      idempotencyKey: "\(row.idempotencyKey ?? row.id):\(row.attempts)")
        let outcome: PurchaseOutcome
        do {
            outcome = try await merchant.purchase(request)
        } catch let error as PaymentsError {
            // The store refused the request outright (nothing charged, the key unused): the claim
            // goes, so the customer can try again. A storage failure keeps it for a replay.
            switch error {
            case .storage, .storeFile, .busy: throw error
            default: break
            }
            if row.purchaseMethodAdded { try await merchant.removePaymentMethod(methodID) }
            try await database.write { db in
                var row = try CheckoutSessionRow.fetch(db, id: row.id)
                guard row.purchaseMethodID == methodID else { return }
                row.purchaseMethodID = nil
                try row.update(db)
            }
            throw error
        }
        return try await settle(row.id, outcome, paymentMethodID: methodID, methodAdded: row.purchaseMethodAdded) {
            $0.purchaseMethodID == methodID
        }
    }

    /// The customer's answer to the 3-D Secure challenge the store raised for the session's card:
    /// the store completes or declines the purchase, as it does for a card typed in the terminal.
    public func answerChallenge(sessionID: String, outcome: ThreeDSecureOutcome) async throws -> CheckoutPaymentResult {
        try await locks.withLock(sessionID) {
            try await self.feed.collect()
            var row = try await self.database.read { try CheckoutSessionRow.fetch($0, id: sessionID) }
            if let settled = try await self.settled(&row) { return settled }
            guard let pending = row.pendingCard else { throw HostedCheckoutError.noChallengePending(sessionID) }
            let challenge = try JSONDecoder().decode(CheckoutChallenge.self, from: Data(pending.utf8))
            let answered = try await self.merchant.completeAuthentication(pendingID: challenge.pendingActionID,
                                                                          approved: outcome == .approved)
            return try await self.settle(sessionID, answered, paymentMethodID: challenge.paymentMethodID,
                                         methodAdded: challenge.paymentMethodAdded ?? true) {
                $0.pendingCard == pending
            }
        }
    }

    /// The customer pressed Cancel: the session can no longer be paid (a paid one stays paid).
    public func cancelCheckoutSession(_ id: String) async throws -> CheckoutSession {
        try await locks.withLock(id) {
            try await self.feed.collect()
            let row = try await self.database.read { try CheckoutSessionRow.fetch($0, id: id) }
            let now = try await self.merchant.now(for: row.accountID)
            let systemNow = self.systemNow
            let cancelled = try await self.database.write { db in
                var row = try CheckoutSessionRow.fetch(db, id: id)
                guard row.status == .open else { return row }
                row.status = .expired
                row.pendingCard = nil
                try row.update(db)
                try ProviderOutbox(db: db, now: systemNow).enqueue(.paymentCancelled, for: row, amount: nil, at: now)
                return row
            }
            return try await self.view(cancelled)
        }
    }

    // MARK: Settling

    /// The answer for a session that can no longer be paid: paid already, or expired.
    private func settled(_ row: inout CheckoutSessionRow) async throws -> CheckoutPaymentResult? {
        if row.status == .complete { return .paid(try await view(row)) }
        guard row.effectiveStatus(at: try await merchant.now(for: row.accountID)) == .expired else { return nil }
        let id = row.id
        row = try await database.write { db in
            var row = try CheckoutSessionRow.fetch(db, id: id)
            guard row.status == .open, row.purchaseMethodID == nil else { return row }
            row.status = .expired
            row.pendingCard = nil
            try row.update(db)
            return row
        }
        return .expired(try await view(row))
    }

    /// Records the store's answer, once: `stillOurs` says whether the row still waits for this
    /// answer (another caller may have recorded it already, which is then what is returned).
    /// `methodAdded`: the session added the card, so a decline removes it.
    private func settle(_ id: String, _ outcome: PurchaseOutcome, paymentMethodID: String, methodAdded: Bool,
                        stillOurs: @escaping @Sendable (CheckoutSessionRow) -> Bool) async throws -> CheckoutPaymentResult {
        let row = try await database.read { try CheckoutSessionRow.fetch($0, id: id) }
        let now = try await merchant.now(for: row.accountID)
        let systemNow = self.systemNow
        switch outcome {
        case let .declined(reason, _):
            if methodAdded { try await merchant.removePaymentMethod(paymentMethodID) }
            return try await recordDecline(id, message: reason.message, whenStill: stillOurs)
        case let .requiresAction(action):
            let challenge = String(decoding: try JSONEncoder().encode(
                CheckoutChallenge(pendingActionID: action.id, paymentMethodID: paymentMethodID,
                                  paymentMethodAdded: methodAdded)), as: UTF8.self)
            let waiting = try await database.write { db in
                var row = try CheckoutSessionRow.fetch(db, id: id)
                guard stillOurs(row) else { return row }
                row.pendingCard = challenge
                row.purchaseMethodID = nil
                try row.update(db)
                return row
            }
            return .requiresAction(try await view(waiting))
        case let .purchased(receipt):
            let paid = try await database.write { db in
                var row = try CheckoutSessionRow.fetch(db, id: id)
                guard stillOurs(row), row.status != .complete else { return row }
                row.status = .complete
                row.paymentStatus = .paid
                row.paymentID = receipt.invoice.id
                row.subscriptionID = receipt.subscription?.id
                row.subscriptionProductID = receipt.subscription?.productID
                row.lastDecline = nil
                row.pendingCard = nil
                row.purchaseMethodID = nil
                try row.update(db)
                let outbox = ProviderOutbox(db: db, now: systemNow)
                try outbox.enqueue(.paymentSucceeded, for: row, amount: receipt.invoice.total, at: now)
                if let subscription = receipt.subscription {
                    try outbox.enqueue(.subscriptionActive, for: row, amount: receipt.invoice.total, at: now,
                                       nextBillingDate: subscription.currentPeriodEnd)
                }
                return row
            }
            return .paid(try await view(paid))
        }
    }

    /// A decline on the session: the page shows the message and the session stays open.
    private func recordDecline(_ id: String, message: String,
                               whenStill stillOurs: @escaping @Sendable (CheckoutSessionRow) -> Bool = { _ in true })
        async throws -> CheckoutPaymentResult {
        let accountID = try await database.read { try CheckoutSessionRow.fetch($0, id: id).accountID }
        let now = try await merchant.now(for: accountID)
        let systemNow = self.systemNow
        let declined = try await database.write { db in
            var row = try CheckoutSessionRow.fetch(db, id: id)
            guard stillOurs(row) else { return row }
            row.lastDecline = message
            row.pendingCard = nil
            row.purchaseMethodID = nil
            try row.update(db)
            try ProviderOutbox(db: db, now: systemNow).enqueue(.paymentFailed, for: row, amount: nil, at: now)
            return row
        }
        return .declined(try await view(declined), message: declined.lastDecline ?? message)
    }

    // MARK: What the page shows

    /// The public view of a session at the account's "now": the product's name and price, what
    /// paying now charges (the store's own quote), and whether the store's endpoint confirmed it.
    func view(_ row: CheckoutSessionRow) async throws -> CheckoutSession {
        guard let product = catalog.product(id: row.productID) else { throw PaymentsError.productNotFound(row.productID) }
        let account = try await merchant.account(row.accountID)
        let now = try await merchant.now(for: row.accountID)
        let status = row.effectiveStatus(at: now)
        let preview = status == .open
            ? try await merchant.purchasePreview(accountID: row.accountID, productID: row.productID, offerCode: row.offerCode)
            : nil
        let name: String
        let listed: Money?
        let period: ISODuration?
        switch product {
        case let .subscription(plan, subscription):
            name = "\(plan.name) (\(subscription.period.billingWord))"
            listed = catalog.price(base: subscription.price, overrides: subscription.prices, in: account.currency)
            period = subscription.period
        case let .oneTime(oneTime):
            name = oneTime.name
            listed = catalog.price(base: oneTime.price, overrides: oneTime.prices, in: account.currency)
            period = nil
        }
        guard let price = listed else {
            throw PaymentsError.productNotSoldInCurrency(productID: row.productID, currency: account.currency.code)
        }
        return CheckoutSession(
            id: row.id, accountID: row.accountID, productID: row.productID, productName: name, price: price,
            offerCode: row.offerCode, idempotencyKey: row.idempotencyKey, dueToday: preview?.dueToday,
            firstRenewal: preview?.firstRenewal, billingPeriod: period, successURL: row.successURL,
            cancelURL: row.cancelURL, state: row.state, status: status, paymentStatus: row.paymentStatus,
            createdAt: row.createdAt, expiresAt: row.expiresAt, paymentID: row.paymentID,
            subscriptionID: row.subscriptionID, lastDeclineMessage: row.lastDecline,
            awaitingChallenge: row.pendingCard != nil,
            confirmedAt: try await merchant.checkoutConfirmation(sessionID: row.id))
    }

    /// The session an earlier request with the same key opened, as long as it asked for the same thing.
    private func view(_ row: CheckoutSessionRow, matching request: NewCheckoutSession) async throws -> CheckoutSession {
        guard row.accountID == request.accountID, row.productID == request.productID,
              row.offerCode?.uppercased() == request.offerCode?.trimmingCharacters(in: .whitespaces).uppercased()
        else { throw PaymentsError.idempotencyKeyReused(request.idempotencyKey ?? row.id) }
        return try await view(row)
    }

    private func session(idempotencyKey key: String?, accountID: String) async throws -> CheckoutSessionRow? {
        guard let key else { return nil }
        return try await database.read { try Self.session($0, idempotencyKey: key, accountID: accountID) }
    }

    private static func session(_ db: Database, idempotencyKey key: String, accountID: String) throws -> CheckoutSessionRow? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT * FROM checkout_sessions WHERE account_id = ? AND idempotency_key = ?
            """), arguments: [accountID, key]).map(CheckoutSessionRow.init(row:))
    }
}
