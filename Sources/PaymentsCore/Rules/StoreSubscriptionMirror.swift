import Foundation

/// The merchant's copy of a subscription the App Store bills and renews, kept from the App
/// Store's signed notifications alone. Every transaction they carry is booked once, whatever the
/// order they arrive in (a paid invoice on "Store account", the token as the App Store signed
/// it); the state follows the newest notification only, so one delivered late changes nothing.
struct StoreSubscriptionMirror: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var appStoreSales: AppStoreSales { AppStoreSales(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    func apply(_ notification: StoreNotificationPayload, transaction received: ReceivedTransaction,
               renewal: RenewalInfoPayload?) async throws -> StoreNotificationOutcome {
        switch try await booking(received, signedAt: notification.signedDate) {
        case let .settled(outcome):
            return outcome
        case .mirrored(var mirror, let booked, let appliedBefore):
            if let appliedBefore, notification.signedDate < appliedBefore {
                guard booked else {
                    return .ignored("\(notification.notificationType) was signed before the last notification applied to \(mirror.id)")
                }
                try await mirror.update(in: store)
                return .recorded
            }
            let changed = try await follow(notification, renewal: renewal, mirror: &mirror, at: try await now(for: account(mirror.accountID)))
            mirror.mirrorSignedAt = max(appliedBefore ?? notification.signedDate, notification.signedDate)
            try await mirror.update(in: store)
            return booked || changed ? .recorded : .alreadyKnown
        }
    }

    /// Books a subscription transaction the app uploaded before the App Store's notification
    /// reached the merchant: its payment and period, but no state beyond what it shows.
    func record(_ received: ReceivedTransaction) async throws -> StoreNotificationOutcome {
        switch try await booking(received, signedAt: received.payload.signedDate) {
        case let .settled(outcome):
            return outcome
        case let .mirrored(mirror, booked, _):
            guard booked else { return .alreadyKnown }
            try await mirror.update(in: store)
            return .recorded
        }
    }

    private enum Booking {
        /// Nothing to follow: the transaction cannot be booked, or it belongs to a subscription
        /// the in-process store sold before v27 made every store-billed subscription a mirror.
        case settled(StoreNotificationOutcome)
        /// The mirror with the transaction booked (`booked` if it was new), and when the last
        /// notification applied to it was signed (nil for a mirror created just now).
        case mirrored(SubscriptionRecord, booked: Bool, appliedBefore: Date?)
    }

    /// The transaction booked once: the mirror started from it, or its payment added to the
    /// mirror (and the period moved if it is the newest).
    private func booking(_ received: ReceivedTransaction, signedAt: Date) async throws -> Booking {
        let payload = received.payload
        guard case let .subscription(plan, product) = catalog.product(id: payload.productId),
              payload.type == .autoRenewableSubscription else {
            return .settled(.ignored("transaction \(payload.transactionId) is for \(payload.productId), not a subscription of this catalog"))
        }
        let known = try await appStoreSales.known(payload.transactionId) != nil
        let existing = try await store.fetchOne(SubscriptionRecord.self, """
            SELECT * FROM subscriptions WHERE original_transaction_id = ? AND billing = 'store'
            """, [payload.originalTransactionId])
        if let existing, !existing.isAppStoreMirror {
            // The in-process App Store sells and renews this one through the merchant's own lifecycle.
            return .settled(known ? .alreadyKnown : .ignored("the in-process App Store renews \(existing.id) itself"))
        }
        let (account, paid): (AccountRecord, Money)
        switch try await appStoreSales.sale(payload) {
        case let .success(sale): (account, paid) = sale
        case let .failure(unbookable): return .settled(.ignored(unbookable.reason))
        }
        let now = try await now(for: account)
        if var mirror = existing {
            guard !known else { return .mirrored(mirror, booked: false, appliedBefore: mirror.mirrorSignedAt) }
            // Signed before what the mirror already follows: its payment is booked, its period is history.
            let current = mirror.mirrorSignedAt.map { signedAt >= $0 } ?? true
            try await book(received, paid: paid, plan: plan, product: product, into: &mirror, movingThePeriod: current, at: now)
            return .mirrored(mirror, booked: true, appliedBefore: mirror.mirrorSignedAt)
        }
        guard !known else {
            return .settled(.ignored("transaction \(payload.transactionId) is not one of a store subscription"))
        }
        if let live = try await accountRules.activeSubscription(accountID: account.id) {
            return .settled(.ignored("\(account.id) already has subscription \(live.id) in the group; the App Store's \(payload.originalTransactionId) is not booked beside it"))
        }
        guard let mirror = try await start(received, paid: paid, plan: plan, product: product, account: account,
                                           signedAt: signedAt, at: now) else {
            return .settled(.ignored("transaction \(payload.transactionId) has no expiresDate"))
        }
        return .mirrored(mirror, booked: true, appliedBefore: nil)
    }

    /// The first transaction of a subscription the merchant never saw: the mirror, its paid
    /// invoice and offer redemptions, as a card purchase would record them.
    private func start(_ received: ReceivedTransaction, paid: Money, plan: Plan, product: SubscriptionProduct,
                       account: AccountRecord, signedAt: Date, at now: Date) async throws -> SubscriptionRecord? {
        let payload = received.payload
        guard let end = payload.expiresDate else { return nil }
        let periodType = Self.periodType(of: payload)
        let mirror = SubscriptionRecord(
            id: try await nextID(.subscription), accountID: account.id, groupID: catalog.group, planID: plan.id, productID: product.id,
            state: .subscribed, periodType: periodType, periodStart: payload.purchaseDate, periodEnd: end,
            originalPurchase: payload.originalPurchaseDate, seriesAnchor: payload.purchaseDate, seriesIndex: 0,
            introPeriodsLeft: 0, offerCode: payload.offerType == .offerCode ? payload.offerIdentifier : nil, offerPeriodsLeft: 0,
            willAutoRenew: true, pendingProductID: nil, expirationReason: nil, revocationDate: nil, revocationReason: nil,
            billingIssueAt: nil, unsubscribeAt: nil, graceEndsAt: nil, retryEndsAt: nil, nextRetryAt: nil, retryIndex: 0,
            openInvoiceID: nil, paidAmount: paid.minorUnits, currency: paid.currency.code, paymentMethodID: nil,
            cancellationReason: nil, clockID: account.testClockID, nextEventAt: nil,
            originalTransactionID: payload.originalTransactionId, billing: .store, priceOverride: nil, mirrorSignedAt: signedAt)
        try await mirror.insert(into: store)
        let invoice = try await invoice(paid: paid, plan: plan, product: product, accountID: account.id,
                                        subscriptionID: mirror.id, kind: .subscriptionCreate, at: now)
        try await transactionIssuer.storeReceived(received, accountID: account.id, subscriptionID: mirror.id, invoiceID: invoice.id)
        if payload.offerType == .introductory {
            try await store.execute("""
                INSERT INTO intro_redemptions(account_id, group_id, product_id, at) VALUES (?, ?, ?, ?)
                """, [account.id, catalog.group, product.id, now])
        }
        try await appStoreSales.recordOfferCode(of: payload, accountID: account.id, at: now)
        if periodType == .trial {
            emit(.trialStarted, account: account.id, at: now, subscription: mirror.id, product: product.id)
        }
        emit(.subscriptionStarted, account: account.id, at: now, subscription: mirror.id, product: product.id,
             invoice: invoice.id)
        emit(.purchaseCompleted, account: account.id, at: now, subscription: mirror.id, product: product.id,
             invoice: invoice.id)
        return mirror
    }

    /// A later transaction of a mirrored subscription (a renewal, a recovery, an upgrade, a
    /// resubscription): always booked; it moves the mirror only when it starts at or after the
    /// period the mirror is in and came signed no earlier than what the mirror follows, since one
    /// that arrives late is history.
    private func book(_ received: ReceivedTransaction, paid: Money, plan: Plan, product: SubscriptionProduct,
                      into mirror: inout SubscriptionRecord, movingThePeriod: Bool, at now: Date) async throws {
        let payload = received.payload
        let switched = product.id != mirror.productID
        let invoice = try await invoice(paid: paid, plan: plan, product: product, accountID: mirror.accountID,
                                        subscriptionID: mirror.id, kind: switched ? .planChange : .renewal, at: now)
        try await transactionIssuer.storeReceived(received, accountID: mirror.accountID, subscriptionID: mirror.id,
                                                  invoiceID: invoice.id)
        guard movingThePeriod, let end = payload.expiresDate, payload.purchaseDate >= mirror.periodStart else { return }
        let (wasTrial, hadIssue, wasLive) = (mirror.periodType == .trial, mirror.billingIssueAt != nil, mirror.isActiveState)
        mirror.planID = plan.id
        mirror.productID = product.id
        mirror.periodType = Self.periodType(of: payload)
        mirror.periodStart = payload.purchaseDate
        mirror.periodEnd = end
        mirror.seriesAnchor = payload.purchaseDate
        mirror.seriesIndex = 0
        mirror.paidAmount = paid.minorUnits
        mirror.state = .subscribed
        mirror.expirationReason = nil
        mirror.billingIssueAt = nil
        mirror.graceEndsAt = nil
        // A renewal the merchant failed to charge before the App Store took the subscription
        // over (v27) is paid by this one.
        try await lifecycle.closeOpenInvoice(&mirror, as: .void)
        if mirror.pendingProductID == product.id { mirror.pendingProductID = nil }
        let (account, subscription) = (mirror.accountID, mirror.id)
        if switched {
            emit(.planChanged, account: account, at: now, subscription: subscription, product: product.id,
                 invoice: invoice.id)
        } else if !wasLive {
            mirror.willAutoRenew = true
            emit(.subscriptionStarted, account: account, at: now, subscription: subscription, product: product.id,
                 invoice: invoice.id)
        } else {
            emit(hadIssue ? .recovered : .renewed, account: account, at: now, subscription: subscription,
                 product: product.id, invoice: invoice.id)
        }
        if wasTrial && mirror.periodType != .trial {
            emit(.trialConverted, account: account, at: now, subscription: subscription, product: product.id)
        }
    }

    private func invoice(paid: Money, plan: Plan, product: SubscriptionProduct, accountID: String, subscriptionID: String,
                         kind: InvoiceKind, at now: Date) async throws -> Invoice {
        let description = "\(plan.name) (\(product.period.billingWord))"
        return try await invoicing.issueInvoice(
            account: accountID, subscription: subscriptionID, product: product.id, kind: kind, at: now,
            description: kind == .subscriptionCreate ? "Subscription to \(plan.name)" : description,
            lines: [InvoiceLine(kind: .charge, description: description, amount: paid)], currency: paid.currency,
            status: .paid, method: Invoicing.storeSummary)
    }

    /// What the notification itself says beyond its transaction: a billing problem, the end,
    /// the customer's renewal choices, a price increase. Answers whether the mirror changed.
    private func follow(_ notification: StoreNotificationPayload, renewal: RenewalInfoPayload?,
                        mirror: inout SubscriptionRecord, at now: Date) async throws -> Bool {
        let (account, subscription, product) = (mirror.accountID, mirror.id, mirror.productID)
        switch (notification.notificationType, notification.subtype) {
        case ("DID_FAIL_TO_RENEW", let subtype):
            let grace = subtype == "GRACE_PERIOD" ? renewal?.gracePeriodExpiresDate : nil
            let state: RenewalState = grace == nil ? .inBillingRetryPeriod : .inGracePeriod
            guard mirror.isActiveState, mirror.state != state else { return false }
            if mirror.state == .subscribed {
                emit(.renewalFailed, account: account, at: now, subscription: subscription, product: product)
            }
            mirror.state = state
            mirror.graceEndsAt = grace
            mirror.billingIssueAt = mirror.billingIssueAt ?? now
            emit(state == .inGracePeriod ? .gracePeriodStarted : .billingRetryStarted, account: account, at: now,
                 subscription: subscription, product: product)
        case ("GRACE_PERIOD_EXPIRED", _):
            guard mirror.state == .inGracePeriod else { return false }
            mirror.state = .inBillingRetryPeriod
            emit(.billingRetryStarted, account: account, at: now, subscription: subscription, product: product)
        case ("EXPIRED", let subtype):
            guard mirror.isActiveState else { return false }
            mirror.state = .expired
            mirror.expirationReason = Self.expirationReason(subtype)
            mirror.willAutoRenew = false
            mirror.periodEnd = min(mirror.periodEnd, now)
            try await lifecycle.closeOpenInvoice(&mirror, as: mirror.expirationReason == .billingError ? .uncollectible : .void)
            emit(.expired, account: account, at: now, subscription: subscription, product: product,
                 detail: mirror.expirationReason?.rawValue)
        case ("DID_CHANGE_RENEWAL_STATUS", let subtype):
            let renews = subtype == "AUTO_RENEW_ENABLED"
            guard mirror.isActiveState, mirror.willAutoRenew != renews else { return false }
            mirror.willAutoRenew = renews
            mirror.unsubscribeAt = renews ? nil : now
            emit(renews ? .resumed : .cancelled, account: account, at: now, subscription: subscription, product: product)
        case ("DID_CHANGE_RENEWAL_PREF", _):
            // An upgrade came with its own transaction; what is left is the product the next period renews into.
            let next = renewal?.autoRenewProductId
            let pending = next == mirror.productID ? nil : next
            guard mirror.pendingProductID != pending, pending.map({ catalog.product(id: $0) != nil }) ?? true else { return false }
            mirror.pendingProductID = pending
            emit(.planChangeScheduled, account: account, at: now, subscription: subscription,
                 product: pending ?? product)
        case ("PRICE_INCREASE", "ACCEPTED"):
            guard let price = renewal?.renewalPrice, let currency = Currency(code: renewal?.currency ?? mirror.currency),
                  let amount = Money(exactMilliunits: price, currency: currency), mirror.priceOverride != amount.minorUnits
            else { return false }
            mirror.priceOverride = amount.minorUnits
            emit(.priceIncreaseAccepted, account: account, at: now, subscription: subscription, product: product,
                 detail: "\(amount.minorUnits)")
        case ("PRICE_INCREASE", _):
            emit(.priceIncreaseRequested, account: account, at: now, subscription: subscription, product: product)
        default:
            // SUBSCRIBED and DID_RENEW say no more than their transaction.
            return false
        }
        return true
    }

    private static func periodType(of payload: TransactionPayload) -> PeriodType {
        guard payload.offerType == .introductory else { return .normal }
        return payload.price == 0 ? .trial : .intro
    }

    /// Apple's EXPIRED subtypes, in StoreKit's words.
    private static func expirationReason(_ subtype: String?) -> ExpirationReason {
        switch subtype {
        case "VOLUNTARY": .autoRenewDisabled
        case "BILLING_RETRY": .billingError
        case "PRICE_INCREASE": .didNotConsentToPriceIncrease
        case "PRODUCT_NOT_FOR_SALE": .productUnavailable
        default: .unknown
        }
    }
}
