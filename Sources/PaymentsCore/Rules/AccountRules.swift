import Foundation

/// Accounts and their saved payment methods: who can buy, and what a charge may draw on.
struct AccountRules: Rules {
    let work: UnitOfWork

    /// The contract's bounds (`NewAccount`): every way in (the API, the command line, the
    /// Settings panel) keeps to them.
    static let maximumNameLength = 200
    static let maximumEmailLength = 320

    func createAccount(_ request: NewAccount) async throws -> Account {
        let email = try Self.checkedEmail(request.email)
        let name = request.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw PaymentsError.invalidInput(field: "name", message: "must not be empty") }
        try Self.refuseControlCharacters(in: name, field: "name")
        guard name.count <= Self.maximumNameLength else {
            throw PaymentsError.invalidInput(field: "name", message: "must be at most \(Self.maximumNameLength) characters")
        }
        try await refuseTaken(email, except: nil)
        let currency = request.currency ?? catalog.currency
        guard currency == catalog.currency || catalog.currencies.contains(currency) else {
            throw PaymentsError.invalidInput(field: "currency", message: "the store does not sell in \(currency)")
        }
        var createdAt = systemNow
        if let clockID = request.testClockID { createdAt = try await testClock(clockID).frozenTime }
        let record = await AccountRecord(
            id: try nextID(.account), email: email, name: name, createdAt: createdAt, currency: currency.code,
            storefront: request.storefront, testClockID: request.testClockID, creditBalance: 0, pointsBalance: 0,
            details: request.details)
        try await record.insert(into: store)
        emit(.accountCreated, account: record.id, at: createdAt)
        return record.account
    }

    /// Gives the account a new email (for receipts), held to the same rules as a new account's:
    /// an address, no control characters, not another account's (the same one again changes nothing).
    func changeEmail(accountID: String, to newEmail: String) async throws -> Account {
        let email = try Self.checkedEmail(newEmail)
        var account = try await account(accountID)
        try await refuseTaken(email, except: accountID)
        account.email = email
        try await account.update(in: store)
        return account.account
    }

    /// The email trimmed of spaces, or why it is not one.
    static func checkedEmail(_ text: String) throws -> String {
        let email = text.trimmingCharacters(in: .whitespaces)
        guard email.count <= maximumEmailLength else {
            throw PaymentsError.invalidInput(field: "email", message: "must be at most \(maximumEmailLength) characters")
        }
        try refuseControlCharacters(in: email, field: "email")
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            throw PaymentsError.invalidInput(field: "email", message: "'\(text)' is not an email address")
        }
        return email
    }

    /// Emails compare without case: SQLite's column is NOCASE; PostgreSQL's unique index is on lower(email).
    private func refuseTaken(_ email: String, except accountID: String?) async throws {
        let taken = StoreSQL(sqlite: "SELECT COUNT(*) FROM accounts WHERE email = ? AND id <> ?",
                             postgres: "SELECT COUNT(*) FROM accounts WHERE lower(email) = lower(?) AND id <> ?")
        if try await store.fetchOne(Int.self, taken, [email, accountID ?? ""]) ?? 0 > 0 {
            throw PaymentsError.emailTaken(email)
        }
    }

    /// A NUL, newline, tab or other control character is refused rather than stored: C strings
    /// end at a NUL (so "nulx\u{0}@example.com" would be kept as "nulx"), and the others only
    /// garble the terminal, exports and logs that show a name or an email.
    static func refuseControlCharacters(in text: String, field: String) throws {
        guard let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return }
        let code = String(format: "U+%04X", control.value)
        throw PaymentsError.invalidInput(field: field, message: "must not contain control characters (found \(code))")
    }

    func attach(accountID: String, clockID: String) async throws -> Account {
        var account = try await account(accountID)
        let clock = try await testClock(clockID)
        let purchases = try await store.fetchOne(Int.self, """
            SELECT (SELECT COUNT(*) FROM subscriptions WHERE account_id = ?) + (SELECT COUNT(*) FROM purchases WHERE account_id = ?)
            """, [accountID, accountID]) ?? 0
        guard purchases == 0 else { throw PaymentsError.accountHasPurchases(accountID) }
        account.testClockID = clockID
        try await account.update(in: store)
        emit(.testClockAttached, account: accountID, at: clock.frozenTime, detail: clockID)
        return account.account
    }

    // MARK: Payment methods

    /// Card details go to the processor's vault at once (the number and CVC go no further than
    /// this call) and the card it hands back is saved; a card its issuer refuses is not.
    func addCard(accountID: String, card: CardDetails, makeDefault: Bool) async throws -> PaymentMethod {
        let now = try await now(for: account(accountID))
        let vaulted: VaultedCard
        do {
            vaulted = try cardProcessor.vault(card, at: now)
        } catch let .invalid(errors) {
            let first = errors.fieldMessages.first
            throw PaymentsError.cardRejected(field: first.map { "\($0.field)" } ?? "card",
                                             message: first?.message ?? "Your card details are incomplete.")
        } catch let .declined(reason) {
            throw PaymentsError.cardDeclined(reason)
        } catch let .processorUnavailable(reason) {
            throw PaymentsError.storage(reason)
        }
        return try await addPaymentMethod(accountID: accountID, NewPaymentMethod(vaulted: vaulted, makeDefault: makeDefault))
    }

    func addPaymentMethod(accountID: String, _ method: NewPaymentMethod) async throws -> PaymentMethod {
        let account = try await account(accountID)
        guard method.last4.count == 4, method.last4.allSatisfy(\.isNumber) else {
            throw PaymentsError.invalidInput(field: "last4", message: "must be the last four digits")
        }
        guard (1...12).contains(method.expMonth) else {
            throw PaymentsError.invalidInput(field: "expMonth", message: "must be 1 to 12")
        }
        let existing = try await activePaymentMethods(accountID)
        if let fingerprint = method.fingerprint, let saved = existing.first(where: { $0.fingerprint == fingerprint }) {
            return try await refresh(saved, with: method)
        }
        let isDefault = method.makeDefault || existing.isEmpty
        if isDefault {
            try await clearDefaultPaymentMethod(accountID)
        }
        let now = try await now(for: account)
        let record = await PaymentMethodRecord(
            id: try nextID(.paymentMethod), accountID: accountID, token: method.token, brand: method.brand, last4: method.last4,
            expMonth: method.expMonth, expYear: method.expYear, isDefault: isDefault, behaviour: method.behaviour,
            createdAt: now, removedAt: nil, fingerprint: method.fingerprint)
        try await record.insert(into: store)
        emit(.paymentMethodAdded, account: accountID, at: now, detail: record.paymentMethod.summary.description)
        return record.paymentMethod
    }

    /// The same card saved again: the method already saved, with the expiry as now typed (a
    /// renewed card keeps its number) and made the default when asked.
    private func refresh(_ saved: PaymentMethodRecord, with method: NewPaymentMethod) async throws -> PaymentMethod {
        var record = saved
        record.expMonth = method.expMonth
        record.expYear = method.expYear
        if method.makeDefault, !record.isDefault {
            try await clearDefaultPaymentMethod(saved.accountID)
            record.isDefault = true
        }
        if record.expMonth != saved.expMonth || record.expYear != saved.expYear || record.isDefault != saved.isDefault {
            try await record.updateState(in: store)
        }
        return record.paymentMethod
    }

    /// Before another method becomes the account's default: there is one default at most.
    private func clearDefaultPaymentMethod(_ accountID: String) async throws {
        try await store.execute("UPDATE payment_methods SET is_default = 0 WHERE account_id = ?", [accountID])
    }

    func activePaymentMethods(_ accountID: String) async throws -> [PaymentMethodRecord] {
        try await store.fetchAll(PaymentMethodRecord.self, """
            SELECT * FROM payment_methods WHERE account_id = ? AND removed_at IS NULL ORDER BY created_at, id
            """, [accountID])
    }

    func paymentMethod(_ id: String) async throws -> PaymentMethodRecord {
        guard let record = try await store.fetchOne(PaymentMethodRecord.self, "SELECT * FROM payment_methods WHERE id = ?", [id]),
              record.removedAt == nil else {
            throw PaymentsError.paymentMethodNotFound(id)
        }
        return record
    }

    func removePaymentMethod(_ id: String) async throws {
        var method = try await paymentMethod(id)
        let account = try await account(method.accountID)
        let now = try await now(for: account)
        method.removedAt = now
        let wasDefault = method.isDefault
        method.isDefault = false
        try await method.updateState(in: store)
        if wasDefault, var next = try await activePaymentMethods(method.accountID).last {
            next.isDefault = true
            try await next.updateState(in: store)
        }
        emit(.paymentMethodRemoved, account: method.accountID, at: now, detail: method.paymentMethod.summary.description)
    }

    func setDefaultPaymentMethod(_ id: String) async throws {
        let method = try await paymentMethod(id)
        try await store.execute("""
            UPDATE payment_methods SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE account_id = ? AND removed_at IS NULL
            """, [id, method.accountID])
    }

    /// The method to charge: the one asked for, else the account's default.
    func chargeableMethod(accountID: String, preferred: String?) async throws -> PaymentMethodRecord? {
        if let preferred {
            let method = try await paymentMethod(preferred)
            guard method.accountID == accountID else { throw PaymentsError.paymentMethodNotFound(preferred) }
            return method
        }
        return try await activePaymentMethods(accountID).first(where: \.isDefault)
    }
}
