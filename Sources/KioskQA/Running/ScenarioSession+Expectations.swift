import KioskScreens
import KioskViewModels
import PaymentsCore

extension ScenarioSession {
    /// Nil when the expectation holds, else what was found instead.
    func mismatch(_ expectation: Expectation) async throws -> String? {
        switch expectation.check {
        case let .text(text):
            return screen.contains(text) ? nil : "the text is not on the screen"
        case let .noText(text):
            return screen.contains(text) ? "the text is on the screen" : nil
        case let .screen(name):
            let current = store.state.screen.rawValue
            return current == name ? nil : current
        case let .checkout(status):
            let current = Self.checkoutStatus(store.state.app.checkout?.status)
            return current == status ? nil : current
        case let .entitlement(id, active):
            let entitlements = try await service.entitlements(accountID: try requireAccount()).map(\.id)
            return entitlements.contains(id) == active ? nil
                : "active entitlements: [\(entitlements.joined(separator: ", "))]"
        case let .subscription(state, product, autoRenew):
            let subscriptions = try await service.subscriptions(accountID: try requireAccount())
            guard let newest = subscriptions.max(by: { $0.originalPurchaseDate < $1.originalPurchaseDate }) else {
                return state == "none" ? nil : "none"
            }
            let actual = "\(Expectation.name(newest.state)) (\(newest.productID)), auto-renew \(newest.willAutoRenew)"
            guard Expectation.name(newest.state) == state, product.map({ $0 == newest.productID }) ?? true,
                  autoRenew.map({ $0 == newest.willAutoRenew }) ?? true else { return actual }
            return nil
        case let .invoices(count, total):
            let invoices = try await allInvoices()
            let sum = invoices.reduce(Int64(0)) { $0 + $1.total.minorUnits }
            let actual = "\(invoices.count) invoices, total \(sum): "
                + invoices.map { "\($0.id) \($0.kind) \($0.status) \($0.total.minorUnits)" }.joined(separator: "; ")
            return invoices.count == count && (total.map { $0 == sum } ?? true) ? nil : actual
        case let .wallet(points):
            let balance = try await service.account(try requireAccount()).pointsBalance
            return balance == points ? nil : "\(balance)"
        case let .event(name):
            let names = try await service.analytics(accountID: try requireAccount(), after: nil, limit: 500).map(\.name)
            return names.contains(name) ? nil : "events: [\(names.joined(separator: ", "))]"
        case let .usage(feature, used):
            let meters = try await service.usage(accountID: try requireAccount())
            guard let meter = meters.first(where: { $0.featureID == feature }) else { return "no meter for '\(feature)'" }
            return meter.used == used ? nil : "used \(meter.used)" + (meter.limit.map { " of \($0)" } ?? "")
        case let .pending(kind, count):
            let pending = try await desk.pendingActions(accountID: try requireAccount()).filter { kind == nil || $0.kind == kind }
            return pending.count == count ? nil : "\(pending.count): [\(pending.map(\.kind.rawValue).joined(separator: ", "))]"
        case let .invariants(hold):
            let broken = try await service.checkInvariants()
            return broken.isEmpty == hold ? nil : (broken.isEmpty ? "all hold" : broken.joined(separator: "; "))
        }
    }

    private func allInvoices() async throws -> [Invoice] {
        let accountID = try requireAccount()
        var invoices: [Invoice] = []
        var cursor: String?
        repeat {
            let page = try await service.invoices(accountID: accountID, query: InvoiceQuery(cursor: cursor, limit: 100))
            invoices += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return invoices
    }

    /// The `checkout:` names of the statuses.
    static func checkoutStatus(_ status: CheckoutStatus?) -> String {
        switch status {
        case nil: "none"
        case .editing: "editing"
        case .confirmingStorePurchase: "confirming-store-purchase"
        case .processing: "processing"
        case .authenticating: "authenticating"
        case .pendingApproval: "pending-approval"
        case .browser: "browser"
        case .declined: "declined"
        case .failed: "failed"
        case .succeeded: "succeeded"
        }
    }
}
