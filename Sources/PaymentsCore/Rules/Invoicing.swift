import Foundation

/// The result of asking the simulated issuer for money.
enum ChargeResult {
    case paid(PaymentMethodSummary?)
    case declined(DeclineReason, PaymentMethodSummary?)
    /// The card needs a 3-D Secure challenge before it can be charged on-session.
    case requiresAuthentication(PaymentMethodSummary)
}

/// Money in and the books: charging a payer, invoices and their ledger lines, offer codes and
/// prices in the account's currency. Every amount that reaches an invoice passes through here.
struct Invoicing: Rules {
    let work: UnitOfWork
    var testControls: TestControls { TestControls(work: work) }

    static let storeSummary = PaymentMethodSummary(brand: "Store account", last4: "")

    /// Charges `amount` to the card (the merchant bills cards only; what the App Store bills it
    /// books from the App Store's notifications). Nothing is charged for a zero total (a free
    /// trial, or a balance that covers it), so no card is needed then. Off-session charges are
    /// renewals, which the "renewals fail" control declines; a card charge is the card
    /// processor's to answer.
    func collect(_ amount: Money, card method: PaymentMethodRecord?, at now: Date, offSession: Bool = false,
                 authenticated: Bool = false) async throws -> ChargeResult {
        let summary = method?.paymentMethod.summary
        guard amount.minorUnits > 0 else { return .paid(summary) }
        if offSession, try await testControls.controls().renewalsFail {
            return .declined(DeclineReason(code: "billing_issue", message: "The renewal payment could not be collected."),
                             summary)
        }
        guard let method else {
            return .declined(DeclineReason(code: "no_payment_method", message: "There is no payment method on file."), nil)
        }
        switch cardProcessor.charge(method.processorCard, amount: amount, at: now, offSession: offSession,
                                    authenticated: authenticated) {
        case .paid: return .paid(summary)
        case let .declined(reason): return .declined(reason, summary)
        case .needsAuthentication: return .requiresAuthentication(method.paymentMethod.summary)
        }
    }

    /// Writes an invoice whose total is the sum of its lines, and for a paid one the matching
    /// ledger entry, in the same transaction. `card`, when the caller has it, is the card just
    /// charged: its follow-ups (disputes) then need no second read of it.
    func issueInvoice(account: String, subscription: String?, product: String?, kind: InvoiceKind, at: Date,
                      description: String, lines: [InvoiceLine], currency: Currency, status: InvoiceStatus,
                      method: PaymentMethodSummary?, failure: DeclineReason? = nil, refundOf: String? = nil,
                      card: PaymentMethodRecord? = nil) async throws -> Invoice {
        var total = Money.zero(currency)
        for line in lines { total = try total.adding(line.amount) }
        let invoice = await Invoice(
            id: try nextID(.invoice), accountID: account, subscriptionID: subscription, productID: product,
            kind: kind, createdAt: at, status: status, description: description, total: total, paymentMethod: method,
            attemptCount: failure == nil ? (status == .paid ? 1 : 0) : 1, failureCode: failure?.code,
            refundOf: refundOf, lines: lines)
        try await InvoiceRecord(invoice).insert(into: store)
        switch (status, kind) {
        case (.paid, _):
            try await postLedger(invoice: invoice, kind: "charge", amount: total, at: at)
            try await followUpCardCharge(invoice, card: card)
        case (.refunded, .refund):
            try await postLedger(invoice: invoice, kind: "refund", amount: total, at: at)
        case (.disputed, _):
            try await postLedger(invoice: invoice, kind: "dispute", amount: total, at: at)
        default:
            break
        }
        return invoice
    }

    func postLedger(invoice: Invoice, kind: String, amount: Money, at: Date) async throws {
        guard !amount.isZero else { return }
        try await store.execute("""
            INSERT INTO ledger(account_id, invoice_id, kind, amount, currency, at) VALUES (?, ?, ?, ?, ?, ?)
            """, [invoice.accountID, invoice.id, kind, amount.minorUnits, amount.currency.code, at])
    }

    func invoice(_ id: String) async throws -> InvoiceRecord {
        guard let record = try await store.fetchOne(InvoiceRecord.self, "SELECT * FROM invoices WHERE id = ?", [id]) else {
            throw PaymentsError.invoiceNotFound(id)
        }
        return record
    }

    /// Uses the customer's credit balance against a subtotal: returns the (negative) line to add,
    /// and the amount of balance it consumes once the invoice is paid.
    /// A subscription period's invoice, the same for a first purchase and a renewal: the list
    /// price (as the introductory offer's line for a trial or intro period), an offer code's
    /// discount, then the account's credit balance.
    func periodInvoice(_ period: PeriodTerms, for account: AccountRecord) throws -> PeriodInvoice {
        let price = period.periodType == .normal
            ? InvoiceLine(kind: .charge, description: "\(period.plan.name) (\(period.product.period.billingWord))",
                          amount: period.listPrice, periodStart: period.start, periodEnd: period.end)
            : InvoiceLine(kind: .introOffer, description: "\(period.plan.name) — \(period.product.intro?.type.displayName ?? "")",
                          amount: period.listPrice, periodStart: period.start, periodEnd: period.end)
        var lines = [price]
        if let discount = period.discount {
            lines.append(InvoiceLine(kind: .discount, description: "Offer code \(discount.code.code)", amount: discount.amount.negated))
        }
        let zero = Money.zero(period.listPrice.currency)
        var applied: Int64 = 0
        if let (balance, used) = balanceLine(for: account, subtotal: try lines.reduce(zero) { try $0.adding($1.amount) }) {
            lines.append(balance)
            applied = used
        }
        let total = try lines.reduce(zero) { try $0.adding($1.amount) }
        return PeriodInvoice(period: period, lines: lines, total: total, appliedBalance: applied)
    }

    func balanceLine(for account: AccountRecord, subtotal: Money) -> (InvoiceLine, Int64)? {
        let usable = PaymentSplit.paying(subtotal, balance: account.creditBalance).fromBalance.minorUnits
        guard usable > 0 else { return nil }
        let line = InvoiceLine(kind: .appliedBalance, description: "Applied account balance",
                               amount: Money(minorUnits: -usable, currency: subtotal.currency))
        return (line, usable)
    }

    /// Checks a typed code against the catalog, the product, its expiry and earlier redemptions.
    func validOfferCode(_ text: String, productID: String, accountID: String, now: Date) async throws -> OfferCode {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard let code = catalog.offerCode(typed) else {
            throw PaymentsError.invalidOfferCode(code: typed.uppercased(), reason: .unknown)
        }
        guard now < code.expires else { throw PaymentsError.invalidOfferCode(code: code.code, reason: .expired) }
        guard code.products.contains(productID) else {
            throw PaymentsError.invalidOfferCode(code: code.code, reason: .notApplicable)
        }
        let used = try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM offer_redemptions WHERE account_id = ? AND code = ?",
                                            [accountID, code.code]) ?? 0
        guard used == 0 else { throw PaymentsError.invalidOfferCode(code: code.code, reason: .alreadyRedeemed) }
        return code
    }

    func redeem(_ code: OfferCode, accountID: String, at: Date) async throws {
        try await store.execute("INSERT INTO offer_redemptions(account_id, code, at) VALUES (?, ?, ?)", [accountID, code.code, at])
    }

    func price(_ base: Int64, _ overrides: [String: Int64], in currency: Currency, product: String) async throws -> Money {
        guard let money = catalog.price(base: base, overrides: overrides, in: currency) else {
            throw PaymentsError.productNotSoldInCurrency(productID: product, currency: currency.code)
        }
        return money
    }
}

/// What a period of a subscription costs the merchant's customer (its first or a renewal): the
/// period as the terms calculator decides it, and the invoice lines it becomes (balance applied).
struct PeriodInvoice {
    var period: PeriodTerms
    var lines: [InvoiceLine]
    var total: Money
    /// Customer balance consumed by the invoice.
    var appliedBalance: Int64
}
