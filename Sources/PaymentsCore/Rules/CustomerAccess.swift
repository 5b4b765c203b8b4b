import Foundation

/// What a customer may use now: entitlements, the current plan, usage meters and points
/// spending. Reads that answer "what am I on" stay cheap because they only read.
struct CustomerAccess: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }

    func subscriptions(accountID: String) async throws -> [SubscriptionRecord] {
        try await store.fetchAll(SubscriptionRecord.self, """
            SELECT * FROM subscriptions WHERE account_id = ? ORDER BY original_purchase DESC, id DESC
            """, [accountID])
    }

    /// Access right now: subscribed or grace-period subscriptions, unrevoked non-consumables,
    /// and non-renewing passes inside their duration.
    func entitlements(accountID: String) async throws -> [Entitlement] {
        let account = try await account(accountID)
        let now = try await now(for: account)
        var result: [Entitlement] = []
        for subscription in try await subscriptions(accountID: accountID) {
            guard let id = catalog.plan(id: subscription.planID)?.entitlement else { continue }
            guard subscription.entitles(at: now) else { continue }
            let expires = subscription.state == .inGracePeriod ? subscription.graceEndsAt : subscription.periodEnd
            result.append(Entitlement(
                id: id,
                source: .subscription(id: subscription.id, productID: subscription.productID, state: subscription.state),
                expiresAt: expires,
                willRenew: subscription.willAutoRenew && subscription.state == .subscribed,
                periodType: subscription.periodType))
        }
        let purchases = try await store.fetchAll(PurchaseRecord.self, """
            SELECT * FROM purchases WHERE account_id = ? AND revoked_at IS NULL AND type != 'consumable' ORDER BY purchased_at
            """, [accountID])
        for purchase in purchases {
            guard case let .oneTime(product)? = catalog.product(id: purchase.productID),
                  let id = product.entitlement else { continue }
            if purchase.type == .nonRenewing {
                guard let expires = purchase.expiresAt, purchase.purchasedAt <= now, now < expires else { continue }
                // Passes bought back to back chain (each starts where the last ends): one
                // entitlement that lasts until the latest of them.
                if let index = result.firstIndex(where: { $0.source == .nonRenewing(productID: product.id) }) {
                    result[index].expiresAt = max(result[index].expiresAt ?? expires, expires)
                    continue
                }
                result.append(Entitlement(id: id, source: .nonRenewing(productID: product.id), expiresAt: expires,
                                          willRenew: false, periodType: nil))
            } else {
                result.append(Entitlement(id: id, source: .nonConsumable(productID: product.id), expiresAt: nil,
                                          willRenew: false, periodType: nil))
            }
        }
        return result
    }

    /// The plan whose features apply, as `PlanStanding` derives it for every screen.
    func currentPlan(accountID: String) async throws -> Plan? {
        let standing = try await planStanding(accountID: accountID)
        return standing.planID.flatMap(catalog.plan(id:))
    }

    func planStanding(accountID: String) async throws -> PlanStanding {
        PlanStanding.make(catalog: catalog, entitlements: try await entitlements(accountID: accountID))
    }

    func usage(accountID: String) async throws -> [UsageMeter] {
        let account = try await account(accountID)
        let now = try await now(for: account)
        let plan = try await currentPlan(accountID: accountID)
        var meters: [UsageMeter] = []
        for feature in catalog.features where feature.kind != .flag {
            meters.append(try await meter(feature, value: plan?.features[feature.id], account: account, now: now))
        }
        return meters
    }

    private func meter(_ feature: Feature, value: FeatureValue?, account: AccountRecord, now: Date) async throws -> UsageMeter {
        switch feature.kind {
        case .limit, .flag:
            let window = try await usageWindow(feature, anchor: account.createdAt, now: now)
            let used = try await store.fetchOne(Int.self, """
                SELECT COUNT(*) FROM usage_records WHERE account_id = ? AND feature_id = ? AND at >= ? AND at < ?
                """, [account.id, feature.id, window.start, window.end]) ?? 0
            var limit: Int?
            if case let .limit(count)? = value { limit = count }
            return UsageMeter(featureID: feature.id, featureName: feature.name, kind: feature.kind, limit: limit,
                              used: used, resetsAt: feature.period == nil ? nil : window.end, nextAvailableAt: nil)
        case .interval:
            let last = try await store.fetchOne(StoredRow.self, """
                SELECT MAX(at) AS last FROM usage_records WHERE account_id = ? AND feature_id = ?
                """, [account.id, feature.id])?.get("last", as: Date?.self)
            var next: Date?
            if case let .interval(gap)? = value, let last {
                let available = try gap.advance(last)
                if available > now { next = available }
            }
            return UsageMeter(featureID: feature.id, featureName: feature.name, kind: .interval, limit: nil,
                              used: last == nil ? 0 : 1, resetsAt: nil, nextAvailableAt: next)
        }
    }

    /// The usage window containing `now`: whole periods counted from the account's creation,
    /// so a monthly limit resets on the same day each month (clamped at month ends).
    func usageWindow(_ feature: Feature, anchor: Date, now: Date) async throws(DateArithmeticError) -> (start: Date, end: Date) {
        guard let period = feature.period, period.approximateSeconds > 0 else {
            return (Date(milliseconds: 0), Date(milliseconds: Int64.max / 2))
        }
        // Both instants are within the supported years, so the elapsed seconds fit in an Int.
        let elapsed = Int64(exactly: now.timeIntervalSince(anchor).rounded(.down)) ?? 0
        var index = Int(max(elapsed / period.approximateSeconds - 1, 0))
        while try period.advance(anchor, times: index + 1) <= now { index += 1 }
        while index > 0, try period.advance(anchor, times: index) > now { index -= 1 }
        return (try period.advance(anchor, times: index), try period.advance(anchor, times: index + 1))
    }

    func recordUsage(accountID: String, featureID: String) async throws -> UsageReceipt {
        let account = try await account(accountID)
        let now = try await now(for: account)
        guard let feature = catalog.features.first(where: { $0.id == featureID }) else {
            throw PaymentsError.featureNotFound(featureID)
        }
        let value = try await currentPlan(accountID: accountID)?.features[featureID]
        let before = try await meter(feature, value: value, account: account, now: now)
        switch (feature.kind, value) {
        case (.flag, .flag(true)?), (.limit, .unlimited?):
            break
        case let (.limit, .limit(limit)?):
            guard before.used < limit else {
                throw PaymentsError.usageLimitReached(featureID: featureID, limit: limit, used: before.used,
                                                      resetsAt: before.resetsAt)
            }
        case (.interval, .interval?):
            if let next = before.nextAvailableAt { throw PaymentsError.usageTooSoon(featureID: featureID, nextAvailableAt: next) }
        default:
            throw PaymentsError.featureNotInPlan(featureID: featureID)
        }
        try await store.execute("INSERT INTO usage_records(account_id, feature_id, at) VALUES (?, ?, ?)",
                                [accountID, featureID, now])
        emit(.usageRecorded, account: accountID, at: now, detail: featureID)
        return await UsageReceipt(featureID: featureID, recordedAt: now,
                            meter: try meter(feature, value: value, account: account, now: now))
    }

    func spendPoints(accountID: String, points: Int64, reason: String) async throws -> PointsEntry {
        let account = try await account(accountID)
        guard points > 0 else { throw PaymentsError.invalidInput(field: "points", message: "must be more than zero") }
        guard account.pointsBalance >= points else {
            throw PaymentsError.insufficientPoints(balance: account.pointsBalance, requested: points)
        }
        return try await accountRules.movePoints(accountID: accountID, delta: -points, reason: reason, product: nil, invoice: nil,
                                              at: try now(for: account))
    }
}
