import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

/// The contract's shapes as the core values the view models use: the reverse of the server's
/// `Schemas+Core`. A field the contract does not carry is named at its default here.
extension PaymentsCore.Money {
    init(_ money: Components.Schemas.Money) throws {
        self.init(minorUnits: money.amount, currency: try Currency(remoteCode: money.currency))
    }
}

extension Currency {
    init(remoteCode code: String) throws {
        guard let currency = Currency(code: code) else {
            throw RemoteMappingFailure("the currency \(code) is not one this storefront knows")
        }
        self = currency
    }
}

extension PaymentsCore.Account {
    /// `details` (names, address) are not part of the contract; the storefront does not show them.
    init(_ account: Components.Schemas.Account) throws {
        self.init(id: account.id, email: account.email, name: account.name, createdAt: account.createdAt,
                  currency: try Currency(remoteCode: account.currency), storefront: account.storefront,
                  testClockID: account.testClockId, creditBalance: account.creditBalance ?? 0,
                  pointsBalance: account.pointsBalance ?? 0, details: CustomerDetails())
    }
}

extension PaymentsCore.Invoice {
    init(_ invoice: Components.Schemas.Invoice, accountID: String) throws {
        self.init(id: invoice.id, accountID: accountID, subscriptionID: invoice.subscriptionId,
                  productID: invoice.productId, kind: InvoiceKind(invoice.kind), createdAt: invoice.createdAt,
                  status: InvoiceStatus(invoice.status), description: invoice.description,
                  total: try Money(invoice.total),
                  paymentMethod: invoice.paymentMethod.map { PaymentMethodSummary(brand: $0.brand, last4: $0.last4) },
                  attemptCount: invoice.attemptCount, failureCode: invoice.failureCode, refundOf: invoice.refundOf,
                  lines: try invoice.lines.map(PaymentsCore.InvoiceLine.init))
    }
}

extension PaymentsCore.InvoiceLine {
    init(_ line: Components.Schemas.InvoiceLine) throws {
        self.init(kind: Kind(line.kind), description: line.description, amount: try Money(line.amount),
                  periodStart: line.periodStart, periodEnd: line.periodEnd)
    }
}

extension PaymentsCore.PaymentMethod {
    /// The processor's token and the issuer's behaviour stay on the server: the storefront only
    /// shows and picks cards, so they are left empty here.
    init(_ method: Components.Schemas.PaymentMethod, accountID: String) throws {
        guard let createdAt = method.createdAt else {
            throw RemoteMappingFailure("saved card \(method.id) came without created_at")
        }
        self.init(id: method.id, accountID: accountID, token: "", brand: method.brand, last4: method.last4,
                  expMonth: method.expMonth, expYear: method.expYear, isDefault: method.isDefault,
                  behaviour: .succeeds, createdAt: createdAt)
    }
}

extension StoreEvent {
    init(_ event: Components.Schemas.Event, accountID: String?) throws {
        guard let type = StoreEventType(rawValue: event._type) else {
            throw RemoteMappingFailure("the event type \(event._type) is not one this storefront knows")
        }
        self.init(id: event.id, accountID: accountID, type: type, at: event.at, subscriptionID: event.subscriptionId,
                  productID: event.productId, invoiceID: event.invoiceId, detail: event.detail)
    }
}

extension SignedTransaction {
    /// A JWS from the server's answer; one that does not parse is an unreadable answer.
    init(remoteJWS jws: String) throws {
        do { self = try SignedTransaction(receivedJWS: jws) } catch {
            throw RemoteMappingFailure("a signed transaction that does not parse (\(error))")
        }
    }
}

extension PaymentsCore.Subscription {
    init(_ subscription: Components.Schemas.Subscription, accountID: String) throws {
        guard let paid = subscription.periodAmountPaid, let groupID = subscription.groupId else {
            throw RemoteMappingFailure("subscription \(subscription.id) came without its group or amount paid")
        }
        self.init(id: subscription.id, accountID: accountID, groupID: groupID,
                  planID: subscription.planId, productID: subscription.productId, state: RenewalState(subscription.state),
                  periodType: subscription.periodType.map(PeriodType.init) ?? .normal,
                  currentPeriodStart: subscription.currentPeriodStart, currentPeriodEnd: subscription.currentPeriodEnd,
                  originalPurchaseDate: subscription.originalPurchaseDate, willAutoRenew: subscription.willAutoRenew,
                  pendingProductID: subscription.pendingProductId,
                  expirationReason: subscription.expirationReason.map(ExpirationReason.init),
                  revocationDate: subscription.revocationDate,
                  revocationReason: subscription.revocationReason.map(RevocationReason.init),
                  billingIssueDetectedAt: subscription.billingIssueDetectedAt,
                  unsubscribeDetectedAt: subscription.unsubscribeDetectedAt,
                  gracePeriodEndsAt: subscription.gracePeriodEndsAt, billingRetryEndsAt: subscription.billingRetryEndsAt,
                  periodAmountPaid: try Money(paid), paymentMethodID: subscription.paymentMethodId,
                  cancellationReason: try subscription.cancellationReason.map(CancellationReason.init(remote:)))
    }
}

extension CancellationReason {
    init(remote raw: String) throws {
        guard let reason = CancellationReason(rawValue: raw) else {
            throw RemoteMappingFailure("the cancellation reason \(raw) is not one this storefront knows")
        }
        self = reason
    }
}

extension Entitlement {
    init(_ grant: Components.Schemas.AccessGrant) throws {
        let source: Source
        switch grant.source {
        case .subscription:
            guard let id = grant.subscriptionId, let state = grant.subscriptionState else {
                throw RemoteMappingFailure("entitlement \(grant.entitlementId) came without its subscription")
            }
            source = .subscription(id: id, productID: grant.productId, state: RenewalState(state))
        case .nonConsumable: source = .nonConsumable(productID: grant.productId)
        case .nonRenewing: source = .nonRenewing(productID: grant.productId)
        }
        self.init(id: grant.entitlementId, source: source, expiresAt: grant.expiresAt, willRenew: grant.willRenew,
                  periodType: grant.periodType.map(PeriodType.init))
    }
}

extension PaymentsCore.PlanChangePreview {
    init(_ preview: Components.Schemas.PlanChangePreview) throws {
        let kind: PlanChangeKind = switch preview.kind {
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        case .crossgrade: .crossgrade
        }
        let timing: PlanChangeTiming
        switch preview.timing {
        case .immediate: timing = .immediate
        case .atRenewal:
            guard let date = preview.takesEffectAt else {
                throw RemoteMappingFailure("a plan change at renewal without its date")
            }
            timing = .atRenewal(date)
        }
        self.init(subscriptionID: preview.subscriptionId, fromProductID: preview.fromProductId,
                  toProductID: preview.toProductId, kind: kind, timing: timing, newPrice: try Money(preview.newPrice),
                  creditForUnusedTime: try Money(preview.creditForUnusedTime), appliedBalance: try Money(preview.appliedBalance),
                  chargeNow: try Money(preview.chargeNow), balanceAfter: try Money(preview.balanceAfter),
                  nextChargeDate: preview.nextChargeDate, nextChargeAmount: try Money(preview.nextChargeAmount))
    }
}

extension PaymentsCore.UsageMeter {
    init(_ meter: Components.Schemas.UsageMeter) {
        let kind: Feature.Kind = switch meter.kind {
        case .limit: .limit
        case .interval: .interval
        case .flag: .flag
        }
        self.init(featureID: meter.featureId, featureName: meter.featureName, kind: kind, limit: meter.limit,
                  used: meter.used, resetsAt: meter.resetsAt, nextAvailableAt: meter.nextAvailableAt)
    }
}

extension PaymentsCore.PointsEntry {
    init(_ entry: Components.Schemas.PointsEntry, accountID: String) {
        self.init(id: entry.id, accountID: accountID, delta: entry.delta, balanceAfter: entry.balanceAfter,
                  reason: entry.reason, productID: entry.productId, invoiceID: entry.invoiceId, at: entry.at)
    }
}

/// A cancellation's reason as the contract takes it: a switch, so a reason added to the core is a
/// compile error here rather than a value the server refuses.
extension Components.Schemas.CancellationInput.ReasonPayload {
    init(_ reason: CancellationReason) {
        switch reason {
        case .tooExpensive: self = .tooExpensive
        case .missingFeatures: self = .missingFeatures
        case .switchedService: self = .switchedService
        case .unused: self = .unused
        case .customerService: self = .customerService
        case .tooComplex: self = .tooComplex
        case .lowQuality: self = .lowQuality
        case .other: self = .other
        }
    }
}
