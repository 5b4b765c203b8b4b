import Foundation
import PaymentsCore

/// The sandbox's App Store: its purchase sheet (with ask to buy and interrupted purchases), the
/// one-time products it sells and refunds, and the auto-renewable subscriptions it bills, renews
/// and refunds, told to the merchant as Apple tells one: signed server notifications to its
/// endpoint (`receiveStoreNotification`) and the app's receipt on the device's queue to its
/// backend, never by writing the merchant's tables. Its own records are tables of its own in the
/// store's database (`AppStoreRecords`), so every server of a shared store is one sandbox and a
/// snapshot keeps both sides together.
///
/// Its switches (ask to buy, interrupted purchases, failing renewals, dropped and duplicated
/// receipt uploads) are its own, and so are the device's receipt queue (`DeviceReceiptQueue`) and
/// the notification outbox (`SimulatedAppStore+Outbox`). It runs on what the wiring hands it
/// (`AppStoreBacking`: the store's database, its signing chain, the catalog, clock, randomness).
/// The sandbox's faults are the tester's and taken through the merchant's test controls
/// (`takeFault`), as a card purchase takes them.
///
/// Each step is its own transaction and the merchant is never called while one is open. A sale
/// is signed before its write, and recorded with its key, its answer to a waiting request, its
/// receipt and its notification in one; the merchant then hears of it, and a retry of the same
/// keyed request tells the merchant again if it had not heard, so a crash between the two loses
/// nothing.
public struct SimulatedAppStore: AppStoreService {
    let merchant: any PaymentsService
    let backing: AppStoreBacking

    public init(merchant: any PaymentsService, backing: AppStoreBacking) {
        self.merchant = merchant
        self.backing = backing
    }

    /// The App Store beside a store in this process: on its database, with the App Store's
    /// signing chain of its keys, its catalog, its clock and its randomness (one seeded source
    /// keeps a QA run's ids the same run after run).
    public init(beside merchant: LocalPaymentsService) {
        self.init(merchant: merchant, backing: AppStoreBacking(
            storage: merchant.storage, signing: { try merchant.appStoreSigning }, catalog: merchant.storeCatalog,
            clock: merchant.clock, random: merchant.random))
    }

    // MARK: The sheet

    public func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        if let fault = try await merchant.takeFault(.purchase) {
            // StoreKit reports a cancelled sheet as a result, not an error.
            if case .userCancelled = fault { return .userCancelled }
            throw PaymentsError.store(fault)
        }
        if let key = request.idempotencyKey, key.hasPrefix(Self.approvalKeyPrefix) {
            throw PaymentsError.invalidInput(field: "idempotencyKey", message: "keys starting \"\(Self.approvalKeyPrefix)\" are the App Store's own")
        }
        if let earlier = try await earlierAnswer(to: request) { return earlier }
        let account = try await merchant.account(request.accountID)
        guard let product = backing.catalog.product(id: request.productID) else {
            throw PaymentsError.productNotFound(request.productID)
        }
        let controls = try await backing.readRecords { try await $0.controls() }
        if let kind: PendingAction.Kind = controls.askToBuy ? .askToBuy : controls.interruptedPurchases ? .interruptedPurchase : nil {
            let now = try await merchant.now(for: account.id)
            do {
                return .pending(try await backing.writeRecords { records in
                    let action = try await records.createPending(kind, request: request, at: now)
                    guard try await records.claimKey(request, answer: .pending(action.id), at: now) else {
                        throw AnsweredElsewhere()
                    }
                    return action
                })
            } catch is AnsweredElsewhere {
                return try await answerOfAnotherWriter(to: request, approving: nil)
            }
        }
        return try await complete(request, product: product, account: account, approving: nil)
    }

    /// The approval is a keyed purchase of its own (`approval:<id>`): answered twice (a retry, a
    /// second parent) it buys once and answers the same; a request approved before approvals
    /// were keyed has no answer to give.
    public func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
        guard let found = try await backing.readRecords({ try await $0.request(pendingID) }) else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let approval = Self.approval(of: found.request, pendingID: pendingID)
        switch found.resolution {
        case nil:
            let account = try await merchant.account(found.action.accountID)
            guard let product = backing.catalog.product(id: approval.productID) else {
                throw PaymentsError.productNotFound(approval.productID)
            }
            return try await complete(approval, product: product, account: account, approving: pendingID)
        case RequestResolution.approved?:
            if let bought = try await approvalAnswer(approval) { return bought }
            throw PaymentsError.pendingActionNotFound(pendingID)
        default:
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
    }

    private static let approvalKeyPrefix = "approval:"

    /// The purchase an approval makes: the request as asked, keyed by its approval.
    private static func approval(of request: StorePurchaseRequest, pendingID: String) -> StorePurchaseRequest {
        var approval = request
        approval.idempotencyKey = approvalKeyPrefix + pendingID
        return approval
    }

    /// What an approval bought, if it did (purchases older than v28 too: it moved their keys). Never a waiting request (an approval key names only a purchase).
    private func approvalAnswer(_ approval: StorePurchaseRequest) async throws -> StorePurchaseResult? {
        switch try await backing.readRecords({ try await $0.keyedAnswer(approval) }) {
        case let .sold(transactionID)?:
            return try await answer(sale: transactionID)
        case let .pending(id)?:
            throw PaymentsError.storage("approval key \(approval.idempotencyKey ?? "") names request \(id), not a purchase")
        case nil:
            return nil
        }
    }

    public func declinePurchase(pendingID: String) async throws {
        guard let found = try await backing.readRecords({ try await $0.request(pendingID) }), found.resolution == nil else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let now = try await merchant.now(for: found.action.accountID)
        guard try await backing.writeRecords({ try await $0.resolve(pendingID, as: RequestResolution.declined, at: now) }) else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
    }

    public func pendingActions(accountID: String?) async throws -> [PendingAction] {
        try await backing.readRecords { try await $0.openRequests(accountID: accountID) }
    }

    public func pendingPurchaseStatus(pendingID: String, accountID: String) async throws -> PendingPurchaseStatus {
        guard let found = try await backing.readRecords({ try await $0.request(pendingID) }), found.action.accountID == accountID else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        switch found.resolution {
        case nil: return .waiting
        case RequestResolution.approved?: return .approved
        case RequestResolution.declined?: return .declined
        case let other?:
            throw PaymentsError.storage("appstore_pending_actions.resolution holds \"\(other)\", which the sheet never writes")
        }
    }

    /// Thrown inside a write that found its key (or its request) answered by another writer, so
    /// that the write rolls back and the other's answer is given instead.
    struct AnsweredElsewhere: Error {}

    /// The answer another writer gave first: it sold this keyed request, or approved or declined
    /// the request being approved.
    func answerOfAnotherWriter(to request: StorePurchaseRequest, approving pendingID: String?) async throws -> StorePurchaseResult {
        if let earlier = try await earlierAnswer(to: request) { return earlier }
        if let pendingID { throw PaymentsError.pendingActionNotFound(pendingID) }
        throw PaymentsError.storage("purchase key \(request.idempotencyKey ?? "") was claimed but holds no answer")
    }

    /// The first answer to a keyed request, those older than v28 among them (it moved their
    /// keys to the App Store's).
    func earlierAnswer(to request: StorePurchaseRequest) async throws -> StorePurchaseResult? {
        switch try await backing.readRecords({ try await $0.keyedAnswer(request) }) {
        case let .pending(id)?:
            guard let found = try await backing.readRecords({ try await $0.request(id) }) else {
                throw PaymentsError.storage("App Store purchase key \(request.idempotencyKey ?? "") names request \(id), which is gone")
            }
            // Approved since: the request's answer is now the purchase its approval made.
            if found.resolution == RequestResolution.approved,
               let bought = try await approvalAnswer(Self.approval(of: found.request, pendingID: id)) {
                return bought
            }
            return .pending(found.action)
        case let .sold(transactionID)?:
            return try await answer(sale: transactionID)
        case nil:
            return nil
        }
    }

    /// Buys what the sheet said yes to.
    private func complete(_ request: StorePurchaseRequest, product: CatalogProduct, account: Account,
                          approving pendingID: String?) async throws -> StorePurchaseResult {
        switch product {
        case let .oneTime(oneTime):
            try await sell(oneTime, request: request, account: account, approving: pendingID)
        case let .subscription(plan, subscription):
            try await subscribe(request, plan: plan, product: subscription, account: account, approving: pendingID)
        }
    }

    // MARK: Sales

    /// Sells a one-time product: the app's checks first (its backend prices the order and checks
    /// the code; an unlock it knows is owned is not offered), then Apple's sale, whose write checks
    /// Apple's own records (an unlock it sold, a code redeemed with it), then the merchant hears
    /// of it and the device uploads the receipt. Once the sale is written it stands: the answer is
    /// an error only if the merchant heard of it by neither way.
    private func sell(_ product: OneTimeProduct, request: StorePurchaseRequest, account: Account,
                      approving pendingID: String?) async throws -> StorePurchaseResult {
        _ = try await merchant.purchasePreview(accountID: account.id, productID: product.id, offerCode: request.offerCode)
        if product.type == .nonConsumable,
           try await merchant.entitlements(accountID: account.id).contains(where: { $0.source == .nonConsumable(productID: product.id) }) {
            throw PaymentsError.alreadyOwned(productID: product.id)
        }
        let now = try await merchant.now(for: account.id)
        let id = try await backing.writeRecords { try await $0.nextTransactionID() }
        let sale = try AppStoreSale(product: product, account: account, request: request, transactionID: id, at: now,
                                    catalog: backing.catalog, signedAt: backing.clock.now, signing: backing.signing)
        let uuid = backing.random.uuid().uuidString
        let systemNow = backing.clock.now
        do {
            try await backing.writeRecords { records in
                if let pendingID, !(try await records.resolve(pendingID, as: RequestResolution.approved, at: now)) {
                    throw AnsweredElsewhere()
                }
                guard try await records.claimKey(request, answer: .sold(transactionID: id), at: now) else {
                    throw AnsweredElsewhere()
                }
                let payload = sale.transaction.payload
                try await records.checkStillForSale(payload, exclusive: product.type == .nonConsumable)
                try await records.recordTransaction(sale.transaction, payloadJSON: sale.payloadJSON, notificationUUID: uuid, at: now)
                try await records.queueNotification(uuid, "ONE_TIME_CHARGE", accountID: payload.appTransactionId,
                                                    transactionID: payload.transactionId, at: now, sentFrom: systemNow)
            }
        } catch is AnsweredElsewhere {
            return try await answerOfAnotherWriter(to: request, approving: pendingID)
        }
        return try await booked(sale.transaction)
    }

    /// The answer to a sale: the transaction and what the merchant booked for it, telling the
    /// merchant first if it has not heard (the sale's write committed, then its notification was lost).
    private func answer(sale transactionID: String) async throws -> StorePurchaseResult {
        let transaction = try await signedTransaction(transactionID)
        if let booked = try await merchant.storePurchaseRecord(transactionID: transactionID) {
            return .success(transaction, booked)
        }
        try await tellMerchant(again: transactionID)
        guard let booked = try await merchant.storePurchaseRecord(transactionID: transactionID) else {
            throw PaymentsError.storage("the merchant did not book App Store transaction \(transactionID)")
        }
        return .success(transaction, booked)
    }

    // MARK: Refunds

    /// Refunds one of the App Store's transactions, as Apple grants a customer's refund request:
    /// the transaction is revoked and signed again (a subscription's current period ends the
    /// subscription), and REFUND tells the merchant, which books the refund (points taken back,
    /// access ended). Asked again, it only makes sure the merchant has heard.
    public func requestRefund(transactionID: String) async throws {
        let sale = try await backing.readRecords { try await $0.sale(transactionID) }
        // The account the sale is recorded for: a token signed before tokens named their customer
        // (`appTransactionId`) does not.
        let accountID = sale.accountID
        let now = try await merchant.now(for: accountID)
        if sale.payload.revocationDate == nil {
            if sale.payload.type == .autoRenewableSubscription {
                try await refundPeriod(of: sale, at: now)
            } else {
                let refund = try AppStoreSale(refunding: sale.payload, at: now, signedAt: backing.clock.now, signing: backing.signing)
                let uuid = backing.random.uuid().uuidString
                let systemNow = backing.clock.now
                _ = try await backing.writeRecords { records in
                    try await records.recordRefund(refund.transaction, of: accountID, payloadJSON: refund.payloadJSON,
                                                   notificationUUID: uuid, at: now, sentFrom: systemNow)
                }
            }
        }
        try await tellMerchant()
    }

    public func controls() async throws -> AppStoreControls {
        try await backing.readRecords { try await $0.controls() }
    }

    public func updateControls(_ controls: AppStoreControls) async throws {
        try await backing.writeRecords { try await $0.saveControls(controls) }
    }

    /// Uploads every due receipt on the device to the merchant's backend (see `DeviceReceiptQueue`).
    public func deliverReceipts() async throws -> ReceiptSyncReport {
        try await DeviceReceiptQueue(appStore: self).deliver()
    }

    public func clearAllTransactions() async throws {
        try await backing.writeRecords { try await $0.clearAll() }
    }
}
