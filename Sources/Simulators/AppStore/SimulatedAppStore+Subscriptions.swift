import Foundation
import PaymentsCore

/// Auto-renewable subscriptions the App Store bills: sold through the sheet, managed in the
/// customer's App Store settings (auto-renew, plan changes), refunded on request, renewed on the
/// customer's clock (`SimulatedAppStore+Renewals`). Each change is written with its transaction,
/// its receipt on the device and its notification in the outbox in one transaction; the merchant
/// then hears of it from the notification, as from Apple, and keeps a mirror.
extension SimulatedAppStore {
    /// Sells a subscription: the app's checks first (its backend prices the order, checks the
    /// code and offers the intro only to an eligible customer; one live subscription per group),
    /// then Apple's sale in one write with its key, its approval, its transaction, its receipt and
    /// SUBSCRIBED, which checks Apple's own records (one live subscription per Apple Account).
    func subscribe(_ request: StorePurchaseRequest, plan: Plan, product: SubscriptionProduct, account: Account,
                   approving pendingID: String?) async throws -> StorePurchaseResult {
        _ = try await merchant.purchasePreview(accountID: account.id, productID: product.id, offerCode: request.offerCode)
        if let live = try await merchant.subscriptions(accountID: account.id).first(where: \.isActive) {
            throw PaymentsError.alreadySubscribed(subscriptionID: live.id)
        }
        let now = try await merchant.now(for: account.id)
        let returning = try await backing.readRecords { try await $0.hasSubscribed(accountID: account.id) }
        // Apple's intro offer is once per group and Apple Account; the app shows it only to a
        // customer its backend finds eligible.
        let introductory = returning ? false : try await merchant.isEligibleForIntroOffer(accountID: account.id)
        let code = request.offerCode.flatMap { backing.catalog.offerCode($0.trimmingCharacters(in: .whitespaces)) }
        let terms = try TermsCalculator(catalog: backing.catalog).firstPeriod(
            plan: plan, product: product, currency: account.currency, introductory: introductory, code: code, at: now)
        let (id, webOrder) = try await backing.writeRecords { (try await $0.nextTransactionID(), try await $0.nextWebOrderLineItemID()) }
        let sale = try AppStoreSale(period: terms, account: account, transactionID: id, original: nil, webOrderLineItemID: webOrder,
                                    reason: .purchase, appAccountToken: request.appAccountToken, at: now, catalog: backing.catalog,
                                    signedAt: backing.clock.now, signing: backing.signing)
        var subscription = AppStoreSubscription(
            originalTransactionID: id, accountID: account.id, productID: product.id, state: .subscribed,
            periodType: terms.periodType, periodStart: now, periodEnd: terms.end, originalPurchase: now, seriesAnchor: now,
            seriesIndex: 0, introPeriodsLeft: terms.introPeriodsLeft, offerCode: terms.offerCode,
            offerPeriodsLeft: terms.offerPeriodsLeft, willAutoRenew: true, retryIndex: 0, currency: account.currency.code,
            latestTransactionID: id, clockID: account.testClockID)
        subscription.scheduleNextEvent()
        let notice = try self.notice("SUBSCRIBED", returning ? "RESUBSCRIBE" : "INITIAL_BUY", transaction: sale.transaction,
                                     subscription: subscription)
        let systemNow = backing.clock.now
        do {
            try await backing.writeRecords { [subscription] records in
                if let pendingID, !(try await records.resolve(pendingID, as: RequestResolution.approved, at: now)) {
                    throw AnsweredElsewhere()
                }
                guard try await records.claimKey(request, answer: .sold(transactionID: id), at: now) else {
                    throw AnsweredElsewhere()
                }
                if let live = try await records.subscriptions(accountID: account.id).first(where: \.isLive) {
                    throw PaymentsError.alreadySubscribed(subscriptionID: live.originalTransactionID)
                }
                try await records.insert(subscription)
                try await records.recordTransaction(sale.transaction, payloadJSON: sale.payloadJSON, at: now)
                try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
            }
        } catch is AnsweredElsewhere {
            return try await answerOfAnotherWriter(to: request, approving: pendingID)
        }
        // The customer's clock was read before the write; one followed from the merchant's events
        // since (a detach, an attach) would leave the subscription filed under the old clock.
        let clockNow = try await merchant.account(account.id).testClockID
        if clockNow != account.testClockID {
            try await backing.writeRecords { try await $0.moveClock(accountID: account.id, to: clockNow) }
        }
        return try await booked(sale.transaction)
    }

    /// The merchant's booking of a transaction the App Store just wrote: it hears of it from the
    /// notification, else from the receipt. Once written the transaction stands; the answer is an
    /// error only if the merchant heard of it by neither way.
    func booked(_ transaction: SignedTransaction) async throws -> StorePurchaseResult {
        var unheard: (any Error)?
        do {
            try await tellMerchant()
        } catch {
            unheard = error
        }
        _ = try await deliverReceipts()
        let id = transaction.payload.transactionId
        guard let booked = try await merchant.storePurchaseRecord(transactionID: id) else {
            throw unheard ?? PaymentsError.storage("the merchant did not book App Store transaction \(id)")
        }
        return .success(transaction, booked)
    }

    // MARK: The customer's App Store settings

    public func setAutoRenew(originalTransactionID: String, enabled: Bool) async throws {
        var subscription = try await liveSubscription(originalTransactionID, action: enabled ? "resume" : "cancel")
        let read = subscription
        // Asked again (a retry after the merchant did not hear): make sure it has.
        guard subscription.willAutoRenew != enabled else { return try await tellMerchant() }
        subscription.willAutoRenew = enabled
        subscription.scheduleNextEvent()
        let notice = try notice("DID_CHANGE_RENEWAL_STATUS", enabled ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED",
                                transaction: try await signedTransaction(subscription.latestTransactionID), subscription: subscription)
        try await save(subscription, was: read, notice: notice)
        try await tellMerchant()
    }

    public func previewPlanChange(originalTransactionID: String, toProductID: String) async throws -> PlanChangePreview {
        let subscription = try await liveSubscription(originalTransactionID, action: "change the plan of")
        return try await planChange(subscription, to: toProductID, account: try await merchant.account(subscription.accountID),
                                    now: try await merchant.now(for: subscription.accountID)).preview
    }

    public func changePlan(originalTransactionID: String, toProductID: String) async throws -> String? {
        var subscription = try await liveSubscription(originalTransactionID, action: "change the plan of")
        let read = subscription
        if let done = try await changeMadeAlready(subscription, to: toProductID) {
            // A retry: make sure the merchant booked it.
            _ = try await booked(try await signedTransaction(done))
            return done
        }
        let account = try await merchant.account(subscription.accountID)
        let now = try await merchant.now(for: subscription.accountID)
        let change = try await planChange(subscription, to: toProductID, account: account, now: now)
        let latest = try await signedTransaction(subscription.latestTransactionID)
        guard case .immediate = change.preview.timing else {
            // Choosing the current product again withdraws a scheduled change.
            let pending = toProductID == subscription.productID ? nil : toProductID
            guard subscription.pendingProductID != pending else {
                try await tellMerchant()
                return nil
            }
            subscription.pendingProductID = pending
            let notice = try notice("DID_CHANGE_RENEWAL_PREF", pending == nil ? nil : "DOWNGRADE", transaction: latest,
                                    subscription: subscription)
            try await save(subscription, was: read, notice: notice)
            try await tellMerchant()
            return nil
        }
        // An upgrade takes effect at once: the period cut short is marked upgraded (Apple refunds
        // its unused part to the customer), and a new period of the new product starts today.
        let terms = change.terms
        let (id, webOrder) = try await backing.writeRecords { (try await $0.nextTransactionID(), try await $0.nextWebOrderLineItemID()) }
        let signedAt = backing.clock.now
        let upgraded = try AppStoreSale(resigning: latest.payload, revokedAt: nil, upgraded: true, signedAt: signedAt,
                                        signing: backing.signing)
        let sale = try AppStoreSale(period: terms, account: account, transactionID: id,
                                    original: (originalTransactionID, subscription.originalPurchase), webOrderLineItemID: webOrder,
                                    reason: .purchase, appAccountToken: latest.payload.appAccountToken, at: now,
                                    catalog: backing.catalog, signedAt: signedAt, signing: backing.signing)
        subscription.enter(terms, transactionID: id)
        let notice = try notice("DID_CHANGE_RENEWAL_PREF", "UPGRADE", transaction: sale.transaction, subscription: subscription)
        let systemNow = backing.clock.now
        try await backing.writeRecords { [subscription] records in
            guard try await records.update(subscription, was: read) else { throw Self.changedMeanwhile(read) }
            try await records.resign(upgraded.transaction, payloadJSON: upgraded.payloadJSON)
            try await records.recordTransaction(sale.transaction, payloadJSON: sale.payloadJSON, at: now)
            try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
        }
        _ = try await booked(sale.transaction)
        return id
    }

    /// A plan change by the App Store's rules, ported from the merchant's own: an upgrade (a
    /// higher rank) and a crossgrade of the same duration at once, charged the new price in full
    /// with the unused time refunded; a downgrade or a crossgrade to another duration at the
    /// next renewal.
    private func planChange(_ subscription: AppStoreSubscription, to toProductID: String, account: Account,
                            now: Date) async throws -> (preview: PlanChangePreview, terms: PeriodTerms) {
        let catalog = backing.catalog
        guard case let .subscription(toPlan, toProduct)? = catalog.product(id: toProductID) else {
            throw PaymentsError.productNotFound(toProductID)
        }
        guard case let .subscription(fromPlan, fromProduct)? = catalog.product(id: subscription.productID) else {
            throw PaymentsError.productNotFound(subscription.productID)
        }
        guard toProduct.id != subscription.productID || subscription.pendingProductID != nil else {
            throw PaymentsError.invalidInput(field: "product", message: "\(toProductID) is already your plan")
        }
        guard let currency = Currency(code: subscription.currency) else {
            throw PaymentsError.productNotSoldInCurrency(productID: toProductID, currency: subscription.currency)
        }
        let terms = try TermsCalculator(catalog: catalog).switchedPeriod(plan: toPlan, product: toProduct, currency: currency, at: now)
        let newPrice = terms.listPrice
        let balance = Money(minorUnits: account.creditBalance, currency: currency)
        let (kind, immediate) = TermsCalculator.change(from: (fromPlan, fromProduct), to: (toPlan, toProduct))
        var credit = Money.zero(currency)
        if immediate {
            let paid = try await backing.readRecords { try await $0.sale(subscription.latestTransactionID) }.payload.price ?? 0
            credit = try Money(exactMilliunits: paid, currency: currency).map {
                try TermsCalculator.unusedCredit(paid: $0, periodStart: subscription.periodStart, periodEnd: subscription.periodEnd, at: now)
            } ?? credit
        }
        return (PlanChangePreview(
            subscriptionID: subscription.originalTransactionID, fromProductID: subscription.productID, toProductID: toProduct.id,
            kind: kind, timing: immediate ? .immediate : .atRenewal(subscription.periodEnd), newPrice: newPrice,
            creditForUnusedTime: credit, appliedBalance: .zero(currency), chargeNow: immediate ? newPrice : .zero(currency),
            balanceAfter: balance, nextChargeDate: immediate ? terms.end : subscription.periodEnd, nextChargeAmount: newPrice), terms)
    }

    /// A subscription the customer can still manage: live, and the App Store's.
    func liveSubscription(_ originalTransactionID: String, action: String) async throws -> AppStoreSubscription {
        guard let subscription = try await backing.readRecords({ try await $0.subscription(originalTransactionID) }) else {
            throw PaymentsError.subscriptionNotFound(originalTransactionID)
        }
        guard subscription.isLive else {
            throw PaymentsError.invalidTransition(subscriptionID: originalTransactionID, state: subscription.state, action: action)
        }
        return subscription
    }

    /// Writes a change with its notification, unless the subscription moved on since it was
    /// read (a renewal, another change): the change was decided on what it was, so it is refused
    /// rather than written over what happened meanwhile.
    func save(_ subscription: AppStoreSubscription, was read: AppStoreSubscription, notice: SubscriptionNotice) async throws {
        let now = try await merchant.now(for: subscription.accountID)
        let systemNow = backing.clock.now
        try await backing.writeRecords { records in
            guard try await records.update(subscription, was: read) else { throw Self.changedMeanwhile(read) }
            try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
        }
    }

    static func changedMeanwhile(_ subscription: AppStoreSubscription) -> PaymentsError {
        PaymentsError.invalidTransition(subscriptionID: subscription.originalTransactionID, state: subscription.state,
                                        action: "change (it renewed or changed meanwhile; try again)")
    }

    /// A transaction as the App Store holds it, signed: a row kept unsigned (its payload bytes
    /// only, from a store older than v28) is signed here from those bytes, once: the first token kept in
    /// the copy is the one every reader gets (the merchant's own copy, if it signs it, carries
    /// another signature of the same bytes, as valid).
    func signedTransaction(_ id: String) async throws -> SignedTransaction {
        guard let transaction = try await signedTransactionIfRecorded(id) else {
            throw PaymentsError.storage("the App Store has no transaction \(id)")
        }
        return transaction
    }

    /// The same, or nil for a transaction the App Store no longer has (cleared by the tester).
    func signedTransactionIfRecorded(_ id: String) async throws -> SignedTransaction? {
        guard let sale = try await backing.readRecords({ try await $0.recordedSale(id) }) else { return nil }
        guard sale.jws.isEmpty else { return SignedTransaction(jws: sale.jws, payload: sale.payload) }
        guard let json = sale.payloadJSON else {
            throw PaymentsError.storage("App Store transaction \(id) has neither a token nor a payload")
        }
        let token: String
        do {
            token = try backing.signing.sign(encodedPayload: Data(json.utf8))
        } catch {
            throw PaymentsError.storage("could not sign App Store transaction \(id): \(error)")
        }
        try await backing.writeRecords { try await $0.keepToken(token, of: id) }
        // Another reader's token may have been kept first, or a refund re-signed it meanwhile.
        guard let kept = try await backing.readRecords({ try await $0.recordedSale(id) }) else { return nil }
        return SignedTransaction(jws: kept.jws, payload: kept.payload)
    }

    /// A change to the product the subscription is already on: a retry of an upgrade that was
    /// made (the latest transaction is that upgrade) answers it again; anything else is refused.
    private func changeMadeAlready(_ subscription: AppStoreSubscription, to toProductID: String) async throws -> String? {
        guard toProductID == subscription.productID, subscription.pendingProductID == nil else { return nil }
        let latest = try await backing.readRecords { try await $0.sale(subscription.latestTransactionID) }.payload
        guard latest.transactionId != latest.originalTransactionId, latest.transactionReason == .purchase else {
            throw PaymentsError.invalidInput(field: "product", message: "\(toProductID) is already your plan")
        }
        return latest.transactionId
    }

    // MARK: Refunds

    /// Refunds a period of a subscription: its transaction revoked and signed again, and the
    /// subscription revoked at once if it is the current one (Apple ends access with a refund of
    /// the period the customer is in).
    func refundPeriod(of sale: RecordedSale, at now: Date) async throws {
        let signedAt = backing.clock.now
        let revoked = try AppStoreSale(refunding: sale.payload, at: now, signedAt: signedAt, signing: backing.signing)
        let original = sale.payload.originalTransactionId
        guard var subscription = try await backing.readRecords({ try await $0.subscription(original) }) else {
            throw PaymentsError.storage("App Store transaction \(sale.payload.transactionId) names subscription \(original), which it does not have")
        }
        let read = subscription
        let current = subscription.latestTransactionID == sale.payload.transactionId
        if current, subscription.isLive {
            subscription.state = .revoked
            subscription.revocationDate = now
            subscription.willAutoRenew = false
            subscription.scheduleNextEvent()
        }
        let notice = try notice("REFUND", nil, transaction: revoked.transaction, subscription: subscription)
        let systemNow = backing.clock.now
        try await backing.writeRecords { [subscription] records in
            // Refunded by another writer first: nothing more to do.
            guard try await records.resign(revoked.transaction, payloadJSON: revoked.payloadJSON) else { return }
            if current {
                guard try await records.update(subscription, was: read) else { throw Self.changedMeanwhile(read) }
            }
            try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
        }
    }

    // MARK: Renewal info and notifications

    public func renewalInfo(accountID: String) async throws -> [SignedRenewalInfo] {
        let subscriptions = try await backing.readRecords { try await $0.subscriptions(accountID: accountID) }
        let signedAt = backing.clock.now
        return try subscriptions.map {
            try AppStoreRenewalInfo.signed($0, catalog: backing.catalog, signedAt: signedAt, signing: backing.signing)
        }
    }

    /// A notification about a subscription as it stands after a change (not yet written).
    func notice(_ type: String, _ subtype: String?, transaction: SignedTransaction,
                subscription: AppStoreSubscription) throws -> SubscriptionNotice {
        SubscriptionNotice(
            uuid: backing.random.uuid().uuidString, type: type, subtype: subtype, transaction: transaction,
            renewalInfo: try AppStoreRenewalInfo.signed(subscription, catalog: backing.catalog, signedAt: backing.clock.now,
                                                        signing: backing.signing),
            status: subscription.statusCode)
    }

    /// Posts every notification of the App Store's own that the merchant's endpoint has not
    /// taken, oldest first, each with its `notificationUUID` (a repeat is a duplicate there) and
    /// the transaction as the App Store holds it now. Stops at the first the merchant could not
    /// take, so none overtakes another. `again` sends every one about that transaction, for a
    /// merchant that lost what it had taken.
    func tellMerchant(again transactionID: String? = nil) async throws {
        if transactionID != nil { try await tellMerchant() }
        let waiting = try await backing.readRecords { try await $0.undeliveredToMerchant(about: transactionID) }
        for notification in waiting {
            guard let transactionID = notification.transactionID else { continue }
            let signed = try AppStoreSale.notification(
                notification.type, subtype: notification.subtype, about: try await signedTransaction(transactionID),
                renewalInfo: notification.renewalInfo, status: notification.status, uuid: notification.uuid,
                catalog: backing.catalog, signedAt: notification.signedAt, signing: backing.signing)
            _ = try await merchant.receiveStoreNotification(signedPayload: signed)
            let deliveredAt = backing.clock.now
            try await backing.writeRecords { try await $0.markDeliveredToMerchant(notification.uuid, at: deliveredAt) }
        }
    }
}

/// Price increases that need the customer's consent (App Store Connect's), for the subscriptions
/// the App Store bills: the request waits in the tester's inbox; accepted, the next renewal
/// charges the new price; declined or unanswered by the renewal, the subscription ends.
extension SimulatedAppStore {
    public func requestPriceIncrease(originalTransactionID: String, subscriptionID: String,
                                     newPrice: Int64) async throws -> PendingAction {
        let subscription = try await liveSubscription(originalTransactionID, action: "raise the price of")
        guard newPrice > 0, let currency = Currency(code: subscription.currency) else {
            throw PaymentsError.invalidInput(field: "newPrice", message: "must be more than zero")
        }
        let now = try await merchant.now(for: subscription.accountID)
        let notice = try notice("PRICE_INCREASE", "PENDING", transaction: try await signedTransaction(subscription.latestTransactionID),
                                subscription: subscription)
        let systemNow = backing.clock.now
        let action = try await backing.writeRecords { records in
            if try await records.openConsent(of: originalTransactionID) != nil {
                throw PaymentsError.invalidTransition(subscriptionID: originalTransactionID, state: subscription.state,
                                                      action: "ask again for consent to a price increase of")
            }
            let action = try await records.createConsent(subscription, label: subscriptionID,
                                                         newPrice: Money(minorUnits: newPrice, currency: currency), at: now)
            try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
            return action
        }
        try await tellMerchant()
        return action
    }

    public func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> PendingAction? {
        guard let found = try await backing.readRecords({ try await $0.consent(pendingID) }) else { return nil }
        guard found.resolution == nil, let newPrice = found.action.newPrice else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        var subscription = try await liveSubscription(found.originalTransactionID, action: "raise the price of")
        let read = subscription
        let now = try await merchant.now(for: subscription.accountID)
        let latest = try await signedTransaction(subscription.latestTransactionID)
        let notice: SubscriptionNotice
        if accept {
            subscription.priceOverride = newPrice.minorUnits
            notice = try self.notice("PRICE_INCREASE", "ACCEPTED", transaction: latest, subscription: subscription)
        } else {
            subscription.willAutoRenew = false
            subscription.expirationReason = .didNotConsentToPriceIncrease
            notice = try self.notice("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", transaction: latest,
                                     subscription: subscription)
        }
        let systemNow = backing.clock.now
        try await backing.writeRecords { [subscription] records in
            guard try await records.resolve(pendingID, as: accept ? "accepted" : "declined", at: now) else {
                throw PaymentsError.pendingActionNotFound(pendingID)
            }
            guard try await records.update(subscription, was: read) else { throw Self.changedMeanwhile(read) }
            try await records.queue(notice, subscription: subscription, at: now, sentFrom: systemNow)
        }
        try await tellMerchant()
        return found.action
    }
}
