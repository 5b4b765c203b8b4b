import Foundation
import KioskAPI
import PaymentsCore
import StorefrontClient

/// Buying, 3-D Secure, plan changes, cancel and resume, refunds. Idempotency keys travel as the
/// `Idempotency-Key` header, so a retry after a lost answer applies once on the server.
extension RemoteCalls {
    func purchase(_ request: PurchaseRequest) async throws -> PurchaseOutcome {
        let own = try await ownAccount(request.accountID)
        let result = try await server.call("buying \(request.productID)") { api in
            let body = Components.Schemas.PurchaseInput(productId: request.productID,
                                                        paymentMethodId: request.paymentMethodID,
                                                        offerCode: request.offerCode)
            switch try await api.createPurchase(headers: .init(idempotencyKey: request.idempotencyKey), body: .json(body)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("buying \(request.productID)") {
            try PurchaseOutcome(result, productID: request.productID, accountID: own)
        }
    }

    func completeAuthentication(_ pendingID: String, approved: Bool) async throws -> PurchaseOutcome {
        let own = try await server.session.accountID { try await signedInAccount() }
        let result = try await server.call("completing the card check") { api in
            switch try await api.completeAuthentication(path: .init(pendingActionId: pendingID),
                                                        body: .json(.init(approved: approved))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("completing the card check") {
            try PurchaseOutcome(result, productID: result.invoice?.productId, accountID: own)
        }
    }

    func previewPlanChange(_ subscriptionID: String, to productID: String) async throws -> PlanChangePreview {
        let preview = try await server.call("previewing the plan change") { api in
            switch try await api.previewPlanChange(path: .init(subscriptionId: subscriptionID), query: .init(to: productID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("previewing the plan change") { try PlanChangePreview(preview) }
    }

    func changePlan(_ request: PlanChangeRequest) async throws -> PlanChangeOutcome {
        let own = try await server.session.accountID { try await signedInAccount() }
        let what = "changing to \(request.toProductID)"
        let result = try await server.call(what) { api in
            switch try await api.changePlan(path: .init(subscriptionId: request.subscriptionID),
                                            headers: .init(idempotencyKey: request.idempotencyKey),
                                            body: .json(.init(toProductId: request.toProductID))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped(what) {
            switch result.outcome {
            case .changed:
                guard let subscription = result.subscription, let invoice = result.invoice else {
                    throw RemoteMappingFailure("a plan change without its subscription or invoice")
                }
                return .changed(subscription: try Subscription(subscription, accountID: own),
                                invoice: try Invoice(invoice, accountID: own))
            case .scheduled:
                guard let subscription = result.subscription else {
                    throw RemoteMappingFailure("a scheduled plan change without its subscription")
                }
                return .scheduled(subscription: try Subscription(subscription, accountID: own))
            case .declined:
                guard let invoice = result.invoice else { throw RemoteMappingFailure("a declined plan change without its invoice") }
                return .declined(reason: DeclineReason(code: result.declineCode ?? "card_declined",
                                                       message: result.declineMessage ?? "Your card was declined."),
                                 invoice: try Invoice(invoice, accountID: own))
            }
        }
    }

    func cancelAtPeriodEnd(_ subscriptionID: String, reason: CancellationReason?) async throws -> Subscription {
        let own = try await server.session.accountID { try await signedInAccount() }
        let answer = try await server.call("cancelling the subscription") { api in
            let body = Components.Schemas.CancellationInput(reason: reason.map(Components.Schemas.CancellationInput.ReasonPayload.init))
            switch try await api.cancelSubscription(path: .init(subscriptionId: subscriptionID), body: .json(body)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("cancelling the subscription") { try Subscription(answer, accountID: own) }
    }

    func resume(_ subscriptionID: String) async throws -> Subscription {
        let own = try await server.session.accountID { try await signedInAccount() }
        let answer = try await server.call("resuming the subscription") { api in
            switch try await api.resumeSubscription(path: .init(subscriptionId: subscriptionID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("resuming the subscription") { try Subscription(answer, accountID: own) }
    }

    func refund(_ invoiceID: String, idempotencyKey: String?) async throws -> RefundOutcome {
        let own = try await server.session.accountID { try await signedInAccount() }
        let answer = try await server.call("refunding \(invoiceID)") { api in
            switch try await api.refundInvoice(path: .init(invoiceId: invoiceID), headers: .init(idempotencyKey: idempotencyKey)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        var revoked: Subscription?
        if let id = answer.revokedSubscriptionId { revoked = try await subscriptions(own).first { $0.id == id } }
        return try mapped("refunding \(invoiceID)") {
            RefundOutcome(refund: try Invoice(answer.refund, accountID: own), original: try Invoice(answer.original, accountID: own),
                          revokedSubscription: revoked)
        }
    }

    /// Checked here against the server's catalog and clock, as the embedded storefront checks it.
    func validateOfferCode(_ code: String, productID: String, accountID: String) async throws -> OfferCode {
        try OfferCodeCheck.check(code, productID: productID, catalog: try await catalog(), now: try await now(accountID))
    }
}

extension RemoteCalls {
    /// Worded from the subscription the server sends, by the same function the core uses, so the
    /// QA panel's map matches the data directory's without an operation of its own.
    func statusVocabulary(_ subscriptionID: String) async throws -> SubscriptionStatusVocabulary {
        let own = try await server.session.accountID { try await signedInAccount() }
        guard let subscription = try await subscriptions(own).first(where: { $0.id == subscriptionID }) else {
            throw PaymentsError.subscriptionNotFound(subscriptionID)
        }
        return SubscriptionStatusVocabulary(subscription)
    }
}
