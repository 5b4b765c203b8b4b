import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

/// Core values in the contract's shapes. The contract spells fields in snake_case and money as
/// `{amount, currency}`; these conversions are the only place the two vocabularies meet.
extension Components.Schemas.Money {
    init(_ money: PaymentsCore.Money) {
        self.init(amount: money.minorUnits, currency: money.currency.code)
    }
}

extension Components.Schemas.Account {
    init(_ account: PaymentsCore.Account) {
        self.init(id: account.id, name: account.name, email: account.email, currency: account.currency.code,
                  storefront: account.storefront, createdAt: account.createdAt, testClockId: account.testClockID,
                  creditBalance: account.creditBalance, pointsBalance: account.pointsBalance)
    }
}

extension Components.Schemas.Entitlement {
    init(_ info: EntitlementInfo) {
        self.init(id: info.identifier, isActive: info.isActive, willRenew: info.willRenew,
                  periodType: info.periodType.rawValue, store: info.store.rawValue,
                  productId: info.productIdentifier, latestPurchaseDate: info.latestPurchaseDate,
                  originalPurchaseDate: info.originalPurchaseDate, expirationDate: info.expirationDate,
                  unsubscribeDetectedAt: info.unsubscribeDetectedAt, billingIssueDetectedAt: info.billingIssueDetectedAt)
    }
}

extension Components.Schemas.Invoice {
    init(_ invoice: PaymentsCore.Invoice) {
        self.init(
            id: invoice.id, kind: .init(invoice.kind), status: .init(invoice.status), createdAt: invoice.createdAt,
            description: invoice.description, total: .init(invoice.total), productId: invoice.productID,
            subscriptionId: invoice.subscriptionID,
            paymentMethod: invoice.paymentMethod.map { .init(brand: $0.brand, last4: $0.last4) },
            attemptCount: invoice.attemptCount, failureCode: invoice.failureCode, refundOf: invoice.refundOf,
            lines: invoice.lines.map(Components.Schemas.InvoiceLine.init))
    }
}

extension Components.Schemas.InvoiceLine {
    init(_ line: PaymentsCore.InvoiceLine) {
        self.init(kind: .init(line.kind), description: line.description, amount: .init(line.amount),
                  periodStart: line.periodStart, periodEnd: line.periodEnd)
    }
}

extension Components.Schemas.PaymentMethod {
    init(_ method: PaymentsCore.PaymentMethod) {
        self.init(id: method.id, brand: method.brand, last4: method.last4, expMonth: method.expMonth,
                  expYear: method.expYear, isDefault: method.isDefault, createdAt: method.createdAt)
    }
}

extension Components.Schemas.Event {
    init(_ event: StoreEvent) {
        self.init(id: event.id, accountId: event.accountID, _type: event.type.rawValue, at: event.at,
                  subscriptionId: event.subscriptionID,
                  productId: event.productID, invoiceId: event.invoiceID, detail: event.detail)
    }
}

extension Components.Schemas.TestClock {
    init(_ clock: PaymentsCore.TestClock) {
        self.init(id: clock.id, name: clock.name, frozenTime: clock.frozenTime, createdAt: clock.createdAt)
    }
}

extension Components.Schemas.ClockAdvanceReport {
    init(_ report: PaymentsCore.ClockAdvanceReport) {
        self.init(clockId: report.clockID, from: report.from, to: report.to, renewals: report.renewals,
                  failedRenewals: report.failedRenewals, recoveries: report.recoveries, expirations: report.expirations,
                  trialConversions: report.trialConversions)
    }
}
