import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

/// Saved cards and the billing history.
extension RemoteCalls {
    func paymentMethods(_ accountID: String) async throws -> [PaymentMethod] {
        let own = try await ownAccount(accountID)
        let answer = try await methods()
        return try mapped("reading your saved cards") { try answer.map { try PaymentMethod($0, accountID: own) } }
    }

    private func methods() async throws -> [Components.Schemas.PaymentMethod] {
        try await server.call("reading your saved cards") { api in
            switch try await api.listPaymentMethods() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    /// The number and security code go to the server in this one request body and nowhere else.
    /// A card the processor's checks reject answers as the core's `cardRejected`, so the checkout
    /// words it as a decline of those details.
    func addCard(_ accountID: String, card: CardDetails, makeDefault: Bool) async throws -> PaymentMethod {
        let own = try await ownAccount(accountID)
        let body = card.withNumberAndSecurityCode { number, cvc in
            Components.Schemas.NewCard(number: number, expMonth: card.expiry.month, expYear: card.expiry.year, cvc: cvc,
                                       name: card.cardholderName, postalCode: card.postalCode, makeDefault: makeDefault)
        }
        do {
            let saved = try await server.call("saving the card") { api in
                switch try await api.addCard(body: .json(body)) {
                case let .created(created): return try created.body.json
                case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
                }
            }
            return try mapped("saving the card") { try PaymentMethod(saved, accountID: own) }
        } catch let failure as RemoteCallFailure {
            guard case let .refused(_, type, title, detail, field?) = failure.reason,
                  type == RemoteProblem.typeBase + "invalid-input" else { throw failure }
            throw PaymentsError.cardRejected(field: field == "postal_code" ? CardField.postalCode.rawValue : field,
                                             message: detail ?? title)
        }
    }

    func invoices(_ accountID: String, query: InvoiceQuery) async throws -> Page<Invoice> {
        let own = try await ownAccount(accountID)
        let page = try await server.call("reading your invoices") { api in
            let parameters = Operations.ListInvoices.Input.Query(
                limit: query.limit, cursor: query.cursor,
                status: query.status.map(Components.Schemas.InvoiceStatus.init), year: query.year)
            switch try await api.listInvoices(query: parameters) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading your invoices") {
            Page(items: try page.items.map { try Invoice($0, accountID: own) }, nextCursor: page.nextCursor)
        }
    }

    func invoice(_ invoiceID: String) async throws -> Invoice {
        let own = try await server.session.accountID { try await signedInAccount() }
        let answer = try await server.call("reading invoice \(invoiceID)") { api in
            switch try await api.getInvoice(path: .init(invoiceId: invoiceID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading invoice \(invoiceID)") { try Invoice(answer, accountID: own) }
    }
}

extension RemoteCalls {
    func removePaymentMethod(_ paymentMethodID: String) async throws {
        try await server.call("removing the saved card") { api in
            switch try await api.removePaymentMethod(path: .init(paymentMethodId: paymentMethodID)) {
            case .noContent: return
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    func setDefaultPaymentMethod(_ paymentMethodID: String) async throws {
        try await server.call("choosing the default card") { api in
            switch try await api.setDefaultPaymentMethod(path: .init(paymentMethodId: paymentMethodID)) {
            case .noContent: return
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }
}
