import Foundation
import GRDB

/// The simulated hosted-checkout provider's sessions: what the page shows and charges, paying
/// (with 3-D Secure), cancelling and expiry.
struct CheckoutSessions: Rules {
    let work: UnitOfWork

    /// Creates the session, or with an idempotency key already used for the same request, returns
    /// the session that request created. A promo code is checked here, so a bad one fails before
    /// the browser opens rather than on the page.
    func createCheckoutSession(_ request: NewCheckoutSession, id: String) throws -> CheckoutSession {
        // What is bought, not where the browser returns: a retry from a new loopback listener is
        // the same checkout.
        let bought = PurchaseRequest(accountID: request.accountID, productID: request.productID, offerCode: request.offerCode)
        // Namespaced: the terminal may have used the same key for a card purchase attempt first.
        let key = request.idempotencyKey.map { "checkout-session:" + $0 }
        let createdID = try idempotentRequests.idempotent(key, operation: "checkout-session", request: bought) {
            try insertCheckoutSession(request, id: id)
        }
        return try checkoutSession(checkoutSessionRow(createdID))
    }

    private func insertCheckoutSession(_ request: NewCheckoutSession, id: String) throws -> String {
        let account = try account(request.accountID)
        guard catalog.product(id: request.productID) != nil else {
            throw PaymentsError.productNotFound(request.productID)
        }
        guard request.lifetime > 0, request.lifetime.isFinite else { throw HostedCheckoutError.invalidLifetime }
        do {
            _ = try RedirectDetector(returnURL: request.successURL, cancelURL: request.cancelURL, state: request.state)
        } catch {
            throw HostedCheckoutError.invalidRedirectConfiguration(error.description)
        }
        let now = try now(for: account)
        var stored = request
        if let code = request.offerCode {
            stored.offerCode = try invoicing.validOfferCode(code, productID: request.productID, accountID: account.id, now: now).code
        }
        let row = CheckoutSessionRow(id: id, request: stored, createdAt: now)
        try row.insert(db)
        return row.id
    }

    func checkoutSessionRow(_ id: String) throws -> CheckoutSessionRow {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM checkout_sessions WHERE id = ?", arguments: [id]) else {
            throw HostedCheckoutError.sessionNotFound(id)
        }
        return try CheckoutSessionRow(row: row)
    }

    /// The public view of a session at the account's "now", with the product's name and price.
    func checkoutSession(_ row: CheckoutSessionRow) throws -> CheckoutSession {
        let account = try account(row.accountID)
        let now = try now(for: account)
        guard let product = catalog.product(id: row.productID) else { throw PaymentsError.productNotFound(row.productID) }
        let name: String
        let price: Money
        let period: ISODuration?
        let status = row.effectiveStatus(at: now)
        var dueToday: Money?
        var firstRenewal: CheckoutRenewal?
        if status == .open {
            let code = try row.offerCode.map { try invoicing.validOfferCode($0, productID: row.productID, accountID: account.id, now: now) }
            let quote = try purchases.purchaseQuote(account: account, product: product, code: code, now: now)
            dueToday = quote.total
            if let subscription = quote.subscription {
                var afterPurchase = account
                afterPurchase.creditBalance -= quote.appliedBalance
                if let terms = try lifecycle.renewalTerms(subscription, account: afterPurchase, start: subscription.periodEnd,
                                                          restartSeries: false) {
                    firstRenewal = CheckoutRenewal(date: subscription.periodEnd, amount: terms.total)
                }
            }
        }
        switch product {
        case let .subscription(plan, subscription):
            name = "\(plan.name) (\(subscription.period.billingWord))"
            price = try invoicing.price(subscription.price, subscription.prices, in: account.currencyValue, product: subscription.id)
            period = subscription.period
        case let .oneTime(oneTime):
            name = oneTime.name
            price = try invoicing.price(oneTime.price, oneTime.prices, in: account.currencyValue, product: oneTime.id)
            period = nil
        }
        return CheckoutSession(
            id: row.id, accountID: row.accountID, productID: row.productID, productName: name, price: price,
            offerCode: row.offerCode, idempotencyKey: row.idempotencyKey, dueToday: dueToday, firstRenewal: firstRenewal,
            billingPeriod: period, successURL: row.successURL, cancelURL: row.cancelURL, state: row.state,
            status: status, paymentStatus: row.paymentStatus, createdAt: row.createdAt,
            expiresAt: row.expiresAt, paymentID: row.paymentID, subscriptionID: row.subscriptionID,
            lastDeclineMessage: row.lastDecline, awaitingChallenge: row.pendingCard != nil,
            confirmedAt: try webhookInbox.confirmation(ofCheckoutSession: row.id))
    }

    /// One submission of the card form, with the card the processor's vault handed back.
    ///
    /// The session row is the double-submit guard: it is read and updated in the same
    /// transaction as the charge, so a second submit waits for the first to commit and then
    /// finds the session complete. Each charge attempt also carries an idempotency key derived
    /// from the session id and the attempt number.
    func payCheckoutSession(_ id: String, card: VaultedCard) throws -> CheckoutPaymentResult {
        var row = try checkoutSessionRow(id)
        if let settled = try settled(&row) { return settled }
        // A one-off card, not remembered by fingerprint: removing it after a decline must never
        // take a card the customer saved before.
        var method = NewPaymentMethod(vaulted: card, makeDefault: false)
        method.fingerprint = nil
        let saved = try accountRules.addPaymentMethod(accountID: row.accountID, method)
        row.attempts += 1
        // Keyed from the client's key when it sent one, so a retried terminal checkout can never
        // charge twice; else from the session, which is unique anyway.
        let request = PurchaseRequest(accountID: row.accountID, productID: row.productID, offerCode: row.offerCode,
                                      paymentMethodID: saved.id,
                                      idempotencyKey: "\(row.idempotencyKey ?? row.id):\(row.attempts)")
        let outcome = try idempotentRequests.idempotent(request.idempotencyKey, operation: "purchase", request: request) {
            try purchases.purchase(request)
        }
        return try settle(&row, outcome, paymentMethodID: saved.id)
    }

    /// The customer's answer to the 3-D Secure challenge the core raised for the session's card:
    /// the core completes or declines the purchase, as it does for a card typed in the terminal.
    func answerChallenge(sessionID: String, outcome: ThreeDSecureOutcome) throws -> CheckoutPaymentResult {
        var row = try checkoutSessionRow(sessionID)
        if let settled = try settled(&row) { return settled }
        guard let pending = row.pendingCard else { throw HostedCheckoutError.noChallengePending(sessionID) }
        let challenge = try JSONDecoder().decode(CheckoutChallenge.self, from: Data(pending.utf8))
        row.pendingCard = nil
        let answered = try storePurchases.completeAuthentication(pendingID: challenge.pendingActionID,
                                                                 approved: outcome == .approved)
        return try settle(&row, answered, paymentMethodID: challenge.paymentMethodID)
    }

    /// The issuer refused to save the card: a decline on the session, nothing saved or charged.
    func refuseCard(sessionID: String, reason: DeclineReason) throws -> CheckoutPaymentResult {
        var row = try checkoutSessionRow(sessionID)
        if let settled = try settled(&row) { return settled }
        row.pendingCard = nil
        return try recordDecline(&row, message: reason.message, now: now(for: account(row.accountID)))
    }

    /// The answer for a session that can no longer be paid: paid already, or expired.
    private func settled(_ row: inout CheckoutSessionRow) throws -> CheckoutPaymentResult? {
        if row.status == .complete { return .paid(try checkoutSession(row)) }
        if row.effectiveStatus(at: try now(for: account(row.accountID))) == .expired {
            try expire(&row)
            return .expired(try checkoutSession(row))
        }
        return nil
    }

    private func settle(_ row: inout CheckoutSessionRow, _ outcome: PurchaseOutcome,
                        paymentMethodID: String) throws -> CheckoutPaymentResult {
        let now = try now(for: account(row.accountID))
        switch outcome {
        case let .declined(reason, _):
            try accountRules.removePaymentMethod(paymentMethodID)
            return try recordDecline(&row, message: reason.message, now: now)
        case let .requiresAction(action):
            let challenge = CheckoutChallenge(pendingActionID: action.id, paymentMethodID: paymentMethodID)
            row.pendingCard = String(decoding: try JSONEncoder().encode(challenge), as: UTF8.self)
            try row.update(db)
            return .requiresAction(try checkoutSession(row))
        case let .purchased(receipt):
            row.status = .complete
            row.paymentStatus = .paid
            row.paymentID = receipt.invoice.id
            row.subscriptionID = receipt.subscription?.id
            row.lastDecline = nil
            try row.update(db)
            try webhookOutbox.enqueueWebhook(.paymentSucceeded, for: row, amount: receipt.invoice.total, at: now)
            if let subscription = receipt.subscription {
                try webhookOutbox.enqueueWebhook(.subscriptionActive, for: row, amount: receipt.invoice.total, at: now,
                                                 nextBillingDate: subscription.currentPeriodEnd)
            }
            return .paid(try checkoutSession(row))
        }
    }

    private func recordDecline(_ row: inout CheckoutSessionRow, message: String, now: Date) throws -> CheckoutPaymentResult {
        row.lastDecline = message
        try row.update(db)
        try webhookOutbox.enqueueWebhook(.paymentFailed, for: row, amount: nil, at: now)
        return .declined(try checkoutSession(row), message: message)
    }

    /// The customer pressed Cancel: the session can no longer be paid (a paid one stays paid).
    func cancelCheckoutSession(_ id: String) throws -> CheckoutSession {
        var row = try checkoutSessionRow(id)
        guard row.status == .open else { return try checkoutSession(row) }
        let now = try now(for: try account(row.accountID))
        row.status = .expired
        row.pendingCard = nil
        try row.update(db)
        try webhookOutbox.enqueueWebhook(.paymentCancelled, for: row, amount: nil, at: now)
        return try checkoutSession(row)
    }

    private func expire(_ row: inout CheckoutSessionRow) throws {
        guard row.status == .open else { return }
        row.status = .expired
        row.pendingCard = nil
        try row.update(db)
    }
}
