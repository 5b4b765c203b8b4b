import Foundation
import GRDB
import Synchronization

/// The payments core running in this process over its storage (SQLite or PostgreSQL).
///
/// Each call is one write (or read) transaction. Reads only read: renewals and other due work
/// run from a scheduler (`runDueWork`, called by `DueWorkScheduler` in `kiosk serve` and
/// `kiosk run`), or from a test clock's advance, never as a side effect of looking. A change,
/// though, first brings real-time subscriptions up to date (renewals that fell due since the
/// last tick or while Kiosk was closed): it decides from the subscription's state (proration of
/// an upgrade, intro eligibility, whether there is still something to cancel or refund), and
/// deciding on a state that is already past would charge or refuse the wrong thing.
public final class LocalPaymentsService: PaymentsService, StoreObservable {
    // What the store was opened with, for whatever runs beside it on the same database (the
    // simulated App Store, `SimulatedAppStore(beside:)`).
    public let storage: any PaymentsStorage
    /// Hears renewals once committed (`kiosk serve`'s metrics); passed on to the storage.
    private let observers = StoreObserverSlot()
    public let storeCatalog: Catalog
    public let clock: any KioskClock
    private let signer: TransactionTokenSigner
    public let random: RandomSource
    /// Who vaults and charges cards (the sandbox's is `SimulatedCardProcessor`, module Simulators).
    public let cardProcessor: any CardProcessor
    /// Both chains and their verifiers, loaded when first needed (see `SigningChainsSource`).
    private let signing: SigningChainsSource

    /// Lifecycle steps per transaction while advancing a test clock: large enough to amortise
    /// commits, small enough that other processes get the write lock regularly.
    static let advanceBatch = 2_000

    /// A store signing with `signingChains`, already loaded.
    public convenience init(storage: any PaymentsStorage, catalog: Catalog, clock: any KioskClock, signingChains: SigningChains,
                            random: RandomSource = RandomSource(), cardProcessor: any CardProcessor) {
        self.init(storage: storage, catalog: catalog, clock: clock, signing: SigningChainsSource(signingChains),
                  random: random, cardProcessor: cardProcessor)
    }

    init(storage: any PaymentsStorage, catalog: Catalog, clock: any KioskClock, signing: SigningChainsSource,
         random: RandomSource, cardProcessor: any CardProcessor) {
        self.storage = storage
        self.cardProcessor = cardProcessor
        self.storeCatalog = catalog
        self.clock = clock
        self.signing = signing
        self.signer = TransactionTokenSigner(chains: signing)
        self.random = random
    }

    /// Opens the store of a data directory, creating its database on first use; its signing
    /// chains are read (or made) when a signature or a verification first needs them.
    public convenience init(directory: DataDirectory, catalog: Catalog, clock: any KioskClock,
                            random: RandomSource = RandomSource(), cardProcessor: any CardProcessor,
                            connections: StoreDatabase.Connections = .pool) throws {
        let database = try StoreDatabase.open(directory, connections: connections)
        try directory.tightenExisting()
        try directory.removeLeftovers()
        let signing = SigningChainsSource {
            do {
                return try Self.signingChains(in: directory, now: clock.now, random: random) {
                    // Asked only of a damaged chain. A pool read from inside a write is unsafe: there
                    // the damage is reported, and the next signature outside a write decides.
                    guard !WriteTransactionMarker.isActive else { return [] }
                    return try database.read { db in
                        let store = GRDBTransaction(db)
                        return try InlineTransactionExecutor.run { try await Self.unusedSigningParties(store) }
                    }
                }
            } catch let error as TransactionSigningAuthorityError {
                // Chains are made at the first signature now, which may be the write a full disk
                // stops: said as the store's full disk, as SQLite's own would be (exit 74).
                if case let .writeFailed(path, detail) = error, StoreFileFailure.diskIsFull(holding: path) {
                    throw PaymentsError.storeFile(StoreFileFailure(kind: .full, database: directory.databaseURL.path, detail: detail))
                }
                throw PaymentsError.storage("the store's signing chain cannot be used: \(error)")
            }
        }
        self.init(storage: SQLiteStorage(database, snapshotDirectory: directory.url.appendingPathComponent("snapshots")),
                  catalog: catalog, clock: clock, signing: signing, random: random, cardProcessor: cardProcessor)
    }

    /// A store kept in `storage` (its schema already migrated) with its signing keys in a data
    /// directory, loaded (made on first use) now: a PostgreSQL server records them for the store's
    /// other servers as it starts (`PostgresSharedSecrets`), so they must exist when it returns.
    public convenience init(storage: any PaymentsStorage, keysIn directory: DataDirectory, catalog: Catalog,
                            clock: any KioskClock, random: RandomSource = RandomSource(),
                            cardProcessor: any CardProcessor) async throws {
        try directory.create()
        let unused = try await storage.read { try await Self.unusedSigningParties($0) }
        let chains = try Self.signingChains(in: directory, now: clock.now, random: random) { unused }
        try directory.tightenExisting()
        try directory.removeLeftovers()
        self.init(storage: storage, catalog: catalog, clock: clock, signingChains: chains, random: random,
                  cardProcessor: cardProcessor)
    }

    /// The data directory's signing chains, made on first use under its lock (processes loading
    /// them at once make them once), owner-only. `unused` is asked only when a chain on disk is
    /// damaged: the parties it names may start over (see `SigningChains.loadOrCreate`).
    private static func signingChains(in directory: DataDirectory, now: Date, random: RandomSource,
                                      unused: () throws -> Set<SigningParty>) throws -> SigningChains {
        try DirectoryLock.withLock(in: directory.url) {
            do {
                return try random.with { try SigningChains.loadOrCreate(dataDirectory: directory.url, now: now, using: &$0) }
            } catch let error as TransactionSigningAuthorityError where error.isDamagedChain {
                let unused = try unused()
                guard !unused.isEmpty else { throw error }
                return try random.with {
                    try SigningChains.loadOrCreate(dataDirectory: directory.url, now: now, using: &$0, unused: unused)
                }
            }
        }
    }

    /// The App Store's own chain, loaded with the merchant's from the same keys: the simulated
    /// App Store beside this store signs with it, and the merchant's copies of transactions the
    /// App Store sold before v28 and left unsigned are signed with it when first read.
    public var appStoreSigning: TransactionSigningAuthority {
        get throws { try signing.chain(.appStore) }
    }

    /// Trusts both chains: a customer's proof of purchase may come from either party.
    var verifier: TransactionVerifier {
        get throws { try signing.current().verifier }
    }

    /// Trusts the App Store's chain only: the receipt endpoint records what the store account paid.
    var appStoreVerifier: TransactionVerifier {
        get throws { try signing.current().appStoreVerifier }
    }

    /// The parties nothing was signed with yet: a chain of theirs may be replaced if a kill left
    /// it damaged (see `SigningChains.loadOrCreate`).
    static func unusedSigningParties(_ store: any StoreTransaction) async throws -> Set<SigningParty> {
        var unused: Set<SigningParty> = []
        for party in SigningParty.allCases {
            // Card sales from before the merchant had a chain carry the App Store's signature (v18),
            // and the App Store's own sales may not have reached the merchant yet.
            let sql: StoreSQL = party == .appStore
                ? """
                  SELECT EXISTS(SELECT 1 FROM transactions WHERE issuer = ?) OR EXISTS(SELECT 1 FROM sync_queue)
                      OR EXISTS(SELECT 1 FROM appstore_transactions)
                      OR EXISTS(SELECT 1 FROM meta WHERE key = 'app_store_signed_merchant_sales')
                  """
                : "SELECT EXISTS(SELECT 1 FROM transactions WHERE issuer = ?)"
            if try await store.fetchOne(Bool.self, sql, [party.rawValue]) == false { unused.insert(party) }
        }
        return unused
    }

    /// How many transaction tokens this store has signed, and how many inside a write.
    public var signatures: SignatureCount { signer.signatures }

    /// Stores the tokens signed since the last write in their rows. Any write does; a server calls
    /// this as it stops, so a token its last answers signed is not signed again by the next reader.
    public func storeSignedTokens() async throws {
        try await writeWithoutDueWork { _ in }
    }

    /// A change: due real-time work runs first in the same transaction (see the type's comment).
    func write<T: Sendable>(_ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        try await transaction(dueWorkFirst: true, body)
    }

    /// A write on behalf of a read: what looking needs recorded (an armed fault's countdown, a
    /// signature cached, a notice announced once) and nothing else, so due work stays due.
    func writeWithoutDueWork<T: Sendable>(_ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        try await transaction(dueWorkFirst: false, body)
    }

    /// Makes each transaction's `UnitOfWork` from what the service holds and the clock read once,
    /// for a body run on a storage's transaction (maybe more than once, on a conflict).
    private func unitsOfWork() -> @Sendable (any StoreTransaction) -> UnitOfWork {
        let (catalog, signer, random, processor, now) = (storeCatalog, signer, random, cardProcessor, clock.now)
        return { store in
            UnitOfWork(store: store, catalog: catalog, systemNow: now, signer: signer, random: random, cardProcessor: processor)
        }
    }

    private func transaction<T: Sendable>(dueWorkFirst: Bool,
                                          _ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let (makeWork, signer) = (unitsOfWork(), signer)
        let unstored = signer.unstoredTokens()
        // The due work of the attempt that committed (a conflict runs the body again).
        let dueWork = Mutex<ClockAdvanceReport?>(nil)
        do {
            let result = try await storage.write { store in
                let work = makeWork(store)
                return try await WriteTransactionMarker.during {
                    // Every write first stores the tokens signed since the last one (see `TransactionTokenSigner`).
                    try await work.transactionIssuer.storeSignedTokens(unstored)
                    if dueWorkFirst {
                        let report = try await work.lifecycle.processDueOnTheRealClock()
                        dueWork.withLock { $0 = report }
                    }
                    return try await work.run(body)
                }
            }
            signer.stored(unstored)
            if let report = dueWork.withLock({ $0 }) { renewalsCommitted(report) }
            return result
        } catch {
            throw Self.reported(error)
        }
    }

    /// What a caller sees of a failure: the rules' own errors as they are; a date computed past
    /// the supported years (a test clock set at the end of time, a period from there) as the
    /// caller's input, which is what took it there; a database out of reach as that, so a server
    /// answers 503 rather than 500; anything else (the engine's) as a storage error.
    static func reported(_ error: any Error) -> any Error {
        switch error {
        case is PaymentsError, is HostedCheckoutError, is StoreUnavailable: error
        case let error as DateArithmeticError: PaymentsError.invalidInput(field: "date", message: error.description)
        default: PaymentsError.storage(String(describing: error))
        }
    }

    /// A write that first consumes an armed fault of `operation`: the fault's countdown commits,
    /// then the call fails with the injected store error.
    func write<T: Sendable>(failing operation: StoreOperation,
                            _ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let result: Result<T, StoreError> = try await write { work in
            if let fault = try await work.testControls.takeFault(operation) { return .failure(fault) }
            return .success(try await body(work))
        }
        return try result.mapError(PaymentsError.store).get()
    }

    /// A read transaction and nothing more: due work waits for the scheduler (see the type's comment).
    func read<T: Sendable>(_ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let makeWork = unitsOfWork()
        do {
            return try await storage.read { store in try await makeWork(store).run(body) }
        } catch {
            throw Self.reported(error)
        }
    }

    /// A read of the change feed (the account's, or all) that waits briefly for events held back
    /// behind the store's transactions still running (see `PaymentsStorage.readSettled`).
    func readFeed<T: Sendable>(accountID: String?, _ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let makeWork = unitsOfWork()
        do {
            return try await storage.readSettled { store, awaiting in
                let work = makeWork(store)
                return (try await work.run(body), try await work.historyPages.heldBack(accountID: accountID, awaiting: awaiting))
            }
        } catch {
            throw Self.reported(error)
        }
    }

    /// A read that a test fault of `operation` can fail: only when one is armed does it write,
    /// to count the fault down (without running due work), and then fails with the injected error.
    func read<T: Sendable>(failing operation: StoreOperation,
                           _ body: @escaping @Sendable (UnitOfWork) async throws -> T) async throws -> T {
        let answer: T? = try await read { work in
            try await work.testControls.controls().faults.contains { $0.operation == operation } ? nil : try await body(work)
        }
        if let answer { return answer }
        let fault = try await writeWithoutDueWork { work in try await work.testControls.takeFault(operation) }
        if let fault { throw PaymentsError.store(fault) }
        return try await read(body)
    }

    /// Screens load the catalog often: only an armed fault needs the write that counts it down.
    public func catalog() async throws -> Catalog {
        let catalog = storeCatalog
        return try await read(failing: .loadProducts) { _ in catalog }
    }
    public func settings() async throws -> StoreSettings { try await read { try await $0.settings() } }
    public func updateSettings(_ settings: StoreSettings) async throws { try await write { try await $0.saveSettings(settings) } }

    public func createAccount(_ account: NewAccount) async throws -> Account {
        try await write { try await $0.accountRules.createAccount(account) }
    }

    public func accounts() async throws -> [Account] {
        try await read { try await $0.store.fetchAll(AccountRecord.self, "SELECT * FROM accounts ORDER BY created_at, id").map(\.account) }
    }

    public func account(_ id: String) async throws -> Account { try await read { try await $0.account(id).account } }

    public func changeEmail(accountID: String, to email: String) async throws -> Account {
        try await write { try await $0.accountRules.changeEmail(accountID: accountID, to: email) }
    }

    public func openSession(accountID: String) async throws -> String {
        let (token, hash) = try newSessionToken()
        try await writeWithoutDueWork { try await $0.accountRules.openSession(accountID: accountID, tokenHash: hash) }
        return token
    }

    public func sessionAccount(_ token: String) async throws -> Account? {
        guard let hash = SessionToken.hash(token) else { return nil }
        return try await read { work in
            guard let accountID = try await work.accountRules.sessionAccountID(tokenHash: hash) else { return nil }
            return try await work.account(accountID).account
        }
    }

    public func closeSession(_ token: String) async throws {
        guard let hash = SessionToken.hash(token) else { return }
        try await writeWithoutDueWork { try await $0.accountRules.closeSession(tokenHash: hash) }
    }

    private func newSessionToken() throws -> (token: String, hash: String) {
        let token = random.with { SessionToken.generate(using: &$0) }
        guard let hash = SessionToken.hash(token) else { throw PaymentsError.storage("a new session token is malformed") }
        return (token, hash)
    }

    /// The sign-in an older Kiosk kept in the store, as a session of its own: `save` keeps the
    /// token with the terminal inside the same transaction, so the old sign-in is dropped only
    /// once its session is safely kept. Nil when there was none (or its account is gone).
    public func adoptLegacySignIn(save: @escaping @Sendable (String) throws -> Void) async throws -> String? {
        guard try await read({ try await $0.accountRules.hasLegacySignIn() }) else { return nil }
        let (token, hash) = try newSessionToken()
        return try await writeWithoutDueWork { work in
            guard let accountID = try await work.accountRules.takeLegacySignIn() else { return nil }
            try await work.accountRules.openSession(accountID: accountID, tokenHash: hash)
            try save(token)
            return token
        }
    }

    public func now(for accountID: String) async throws -> Date {
        try await read { try await $0.now(for: $0.account(accountID)) }
    }

    public func createTestClock(name: String, frozenAt: Date) async throws -> TestClock {
        try await write { work in
            let record = await TestClockRecord(id: try work.nextID(.testClock), name: name, frozenTime: frozenAt.wholeSeconds,
                                         createdAt: work.systemNow)
            try await record.insert(into: work.store)
            return record.testClock
        }
    }

    public func testClock(_ id: String) async throws -> TestClock { try await read { try await $0.testClock(id).testClock } }

    public func attach(accountID: String, toTestClock clockID: String) async throws -> Account {
        try await write { try await $0.accountRules.attach(accountID: accountID, clockID: clockID) }
    }

    public func attachNewTestClock(accountID: String, name: String) async throws -> TestClock {
        try await write { try await $0.accountRules.attachNewTestClock(accountID: accountID, name: name) }
    }

    public func detachTestClock(accountID: String) async throws -> Account {
        try await write { try await $0.accountRules.detachTestClock(accountID: accountID) }
    }

    /// Advances in batches of transactions; each commits the steps it ran together with the
    /// clock's time at the last of them, so an interrupted advance resumes exactly where it stopped.
    public func advanceTestClock(_ id: String, to date: Date) async throws -> ClockAdvanceReport {
        let start = try await testClock(id).frozenTime
        return try await advanceTestClock(id, to: date, announcing: start...max(start, date.wholeSeconds))
    }

    public func advanceTestClock(_ id: String, to date: Date, announcing advance: ClosedRange<Date>?) async throws
        -> ClockAdvanceReport {
        let target = date.wholeSeconds
        let start = try await testClock(id).frozenTime
        guard target >= start else { throw PaymentsError.clockCannotGoBack(current: start, requested: target) }
        var report = ClockAdvanceReport(clockID: id, from: start, to: target)
        while true {
            let (batch, finished): (ClockAdvanceReport, Bool) = try await write { [report] work in
                var batch = report
                let (steps, last) = try await work.lifecycle.processDue(clockID: id, until: target, limit: Self.advanceBatch, report: &batch)
                let done = steps < Self.advanceBatch
                var clock = try await work.testClock(id)
                clock.frozenTime = max(clock.frozenTime, done ? target : (last ?? clock.frozenTime))
                try await clock.updateFrozenTime(in: work.store)
                if done, let advance {
                    let from = try advance.lowerBound.milliseconds, to = try advance.upperBound.milliseconds
                    work.emit(.clockAdvanced, account: nil, at: target, detail: "\(id) \(from)→\(to)")
                }
                return (batch, done)
            }
            report = batch
            if finished {
                renewalsCommitted(report)
                return report
            }
        }
    }

    public func addPaymentMethod(accountID: String, _ method: NewPaymentMethod) async throws -> PaymentMethod {
        try await write { try await $0.accountRules.addPaymentMethod(accountID: accountID, method) }
    }

    public func paymentMethods(accountID: String) async throws -> [PaymentMethod] {
        try await read { try await $0.accountRules.activePaymentMethods(accountID).map(\.paymentMethod) }
    }

    public func removePaymentMethod(_ id: String) async throws { try await write { try await $0.accountRules.removePaymentMethod(id) } }
    public func setDefaultPaymentMethod(_ id: String) async throws { try await write { try await $0.accountRules.setDefaultPaymentMethod(id) } }

    public func isEligibleForIntroOffer(accountID: String) async throws -> Bool {
        try await read { try await $0.purchases.isEligibleForIntro(accountID: accountID) }
    }

    public func purchase(_ request: PurchaseRequest) async throws -> PurchaseOutcome {
        // The sale's token is signed as soon as its answer is read: the chains are read first,
        // outside the write, so one that cannot be used refuses the sale before it is charged,
        // and one a kill left partial starts over while nothing of the merchant's is recorded.
        _ = try signing.current()
        return try await write(failing: .purchase) { work in
            try await work.idempotentRequests.idempotent(request.idempotencyKey, operation: "purchase", request: request) {
                try await work.purchases.purchase(request)
            }
        }
    }

    public func purchasePreview(accountID: String, productID: String, offerCode: String?) async throws -> PurchasePreview {
        try await read { try await $0.purchases.preview(accountID: accountID, productID: productID, offerCode: offerCode) }
    }

    public func subscriptions(accountID: String) async throws -> [Subscription] {
        try await read(failing: .subscriptionStatus) { try await $0.customerAccess.subscriptions(accountID: accountID).map(\.subscription) }
    }

    public func previewPlanChange(subscriptionID: String, toProductID: String) async throws -> PlanChangePreview {
        try await read { try await $0.planChanges.previewPlanChange(subscriptionID: subscriptionID, toProductID: toProductID) }
    }

    public func changePlan(_ request: PlanChangeRequest) async throws -> PlanChangeOutcome {
        try await write(failing: .manageSubscriptions) { work in
            try await work.idempotentRequests.idempotent(request.idempotencyKey, operation: "change_plan", request: request) {
                try await work.planChanges.changePlan(request)
            }
        }
    }

    public func cancelAtPeriodEnd(subscriptionID: String, reason: CancellationReason?) async throws -> Subscription {
        try await write(failing: .manageSubscriptions) { try await $0.planChanges.cancelAtPeriodEnd(subscriptionID: subscriptionID, reason: reason) }
    }

    public func resume(subscriptionID: String) async throws -> Subscription {
        try await write(failing: .manageSubscriptions) { try await $0.planChanges.resume(subscriptionID: subscriptionID) }
    }

    public func refund(invoiceID: String, idempotencyKey: String?) async throws -> RefundOutcome {
        try await write(failing: .refundRequest) { work in
            try await work.idempotentRequests.idempotent(idempotencyKey, operation: "refund", request: invoiceID) {
                try await work.refunds.refund(invoiceID: invoiceID)
            }
        }
    }

    public func revoke(subscriptionID: String, reason: RevocationReason) async throws -> Subscription {
        try await write { try await $0.planChanges.revoke(subscriptionID: subscriptionID, reason: reason) }
    }

    public func expire(subscriptionID: String) async throws -> Subscription {
        try await write { try await $0.planChanges.expireNow(subscriptionID: subscriptionID) }
    }

    public func entitlements(accountID: String) async throws -> [Entitlement] {
        try await read { try await $0.customerAccess.entitlements(accountID: accountID) }
    }

    public func currentPlan(accountID: String) async throws -> Plan? {
        try await read { try await $0.customerAccess.currentPlan(accountID: accountID) }
    }

    public func recordUsage(accountID: String, featureID: String, idempotencyKey: String?) async throws -> UsageReceipt {
        try await write { work in
            try await work.idempotentRequests.idempotent(idempotencyKey, operation: "usage", request: [accountID, featureID]) {
                try await work.customerAccess.recordUsage(accountID: accountID, featureID: featureID)
            }
        }
    }

    public func usage(accountID: String) async throws -> [UsageMeter] {
        try await read { try await $0.customerAccess.usage(accountID: accountID) }
    }

    public func spendPoints(accountID: String, points: Int64, reason: String, idempotencyKey: String?) async throws -> PointsEntry {
        try await write { work in
            try await work.idempotentRequests.idempotent(idempotencyKey, operation: "spend_points", request: [accountID, String(points), reason]) {
                try await work.customerAccess.spendPoints(accountID: accountID, points: points, reason: reason)
            }
        }
    }

    public func pointsLedger(accountID: String, cursor: String?, limit: Int) async throws -> Page<PointsEntry> {
        try await read { try await $0.historyPages.pointsLedger(accountID: accountID, cursor: cursor, limit: limit) }
    }

    public func invoices(accountID: String, query: InvoiceQuery) async throws -> Page<Invoice> {
        try await read { try await $0.historyPages.invoices(accountID: accountID, query: query) }
    }

    public func invoice(_ id: String) async throws -> Invoice { try await read { try await $0.invoicing.invoice(id).invoice } }

    public func events(accountID: String?, after: Int64?, limit: Int) async throws -> [StoreEvent] {
        try await readFeed(accountID: accountID) { try await $0.historyPages.events(accountID: accountID, after: after, limit: limit) }
    }

    public func feedPosition(accountID: String?) async throws -> Int64 {
        try await readFeed(accountID: accountID) { try await $0.historyPages.feedPosition(accountID: accountID) }
    }

    public func feedAdvance(after position: Int64) async throws -> FeedAdvance {
        try await read { try await $0.historyPages.feedAdvance(after: position) }
    }

    /// Runs what fell due on the real clock, and stores tokens signed since the last write. A read
    /// first: an idle store (the usual case, every second) is not written at all, so several
    /// processes sharing a data directory do not queue for its write lock on every tick. Every
    /// write runs due work first, so an empty write is it.
    public func runDueWork() async throws {
        guard try await somethingToRunOrStore() else { return }
        try await write { _ in }
    }

    /// `runDueWork` as a scheduler's tick: when another server of the store is running the due
    /// work at this moment, this one leaves it to that server rather than run the same renewals
    /// beside it (only one would commit; the other's work is rolled back and run again).
    public func runScheduledDueWork() async throws -> ScheduledDueWork {
        guard try await somethingToRunOrStore() else { return .nothingDue }
        let (result, report) = try await writeWithoutDueWork { work -> (ScheduledDueWork, ClockAdvanceReport?) in
            guard try await work.lifecycle.takeSchedulersTurn() else { return (.anotherServersTurn, nil) }
            return (.ran, try await work.lifecycle.processDueOnTheRealClock())
        }
        if let report { renewalsCommitted(report) }
        return result
    }

    /// Renewals go to `observer` once committed; the storage reports its retries and waits to it.
    public func observe(_ observer: StoreObserver) {
        observers.set(observer)
        (storage as? any StoreObservable)?.observe(observer)
    }

    /// Tells the observer about committed renewals, if there were any.
    private func renewalsCommitted(_ report: ClockAdvanceReport) {
        guard report.renewals + report.failedRenewals + report.recoveries > 0 else { return }
        observers.current.renewalsRan(report)
    }

    /// Whether a tick has anything to write: due work on the real clock, or signed tokens not yet
    /// stored in their rows.
    private func somethingToRunOrStore() async throws -> Bool {
        let tokensWaiting = !signer.unstoredTokens().isEmpty
        return try await read({ try await $0.lifecycle.hasDueWork(clockID: nil) }) || tokensWaiting
    }

    /// The money in the books, checked fast (see `BooksAudit.moneyMismatches`): what a command
    /// looks at before it reports or adds to a store that `checkInvariants` would reject.
    public func moneyMismatches() async throws -> [String] {
        try await read { try await $0.booksAudit.moneyMismatches() }
    }

    /// The books (see `BooksAudit.invariantViolations`), plus: nothing entitles without a
    /// transaction whose signature verifies and that is not revoked. A write, because a proof
    /// never needed before is signed now and its token cached (see `issueTransaction`); it runs no
    /// due work, since the books must balance whatever is still due.
    public func checkInvariants() async throws -> [String] {
        let (problems, proofs) = try await writeWithoutDueWork { work in
            (try await work.booksAudit.invariantViolations(), try await work.booksAudit.entitlementProofs())
        }
        return problems + (try await unverifiedProofs(proofs))
    }

    /// `checkInvariants` of another copy of a store (a snapshot about to be restored), as it
    /// stands: nothing falls due in it first.
    func invariantProblems(in copy: any PaymentsStorage) async throws -> [String] {
        let makeWork = unitsOfWork()
        let (problems, proofs): ([String], [EntitlementProof])
        do {
            (problems, proofs) = try await copy.write { store in
                let work = makeWork(store)
                return (try await work.booksAudit.invariantViolations(), try await work.booksAudit.entitlementProofs())
            }
        } catch {
            throw Self.reported(error)
        }
        return problems + (try await unverifiedProofs(proofs))
    }

    /// Each proof verified against the chains the party its row names may sign with: an App
    /// Store sale must carry Apple's signature; a merchant's sale its own, or Apple's when it was
    /// signed before the merchant had a chain (kept valid: nothing stored is lost).
    private func unverifiedProofs(_ proofs: [EntitlementProof]) async throws -> [String] {
        guard !proofs.isEmpty else { return [] }
        let (verifier, appStoreVerifier) = (try self.verifier, try self.appStoreVerifier)
        var unverified: [String] = []
        for proof in proofs {
            guard let jws = proof.jws, let issuer = proof.issuer else {
                unverified.append("\(proof.owner): entitled without a transaction")
                continue
            }
            let trusted = issuer == .appStore ? appStoreVerifier : verifier
            switch await trusted.verify(jws, at: clock.now) {
            case let .verified(payload) where payload.revocationDate == nil: break
            case .verified: unverified.append("\(proof.owner): entitled by a revoked transaction")
            case let .unverified(reason, _):
                unverified.append("\(proof.owner): transaction does not verify as the \(issuer.rawValue)'s (\(reason))")
            }
        }
        return unverified
    }
}
