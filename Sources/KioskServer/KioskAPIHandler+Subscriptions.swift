import Foundation
import KioskAPI
import PaymentsCore

/// The customer's own subscriptions: each id is checked to be the caller's, and another
/// customer's answers 404 like one that does not exist. Changes go through `StoreKitRouter`, so
/// a store-billed subscription is changed by the App Store.
extension KioskAPIHandler {
    func listSubscriptions(_ input: Operations.ListSubscriptions.Input) async throws -> Operations.ListSubscriptions.Output {
        var views: [Components.Schemas.Subscription] = []
        for subscription in try await service.subscriptions(accountID: try customerID()) {
            views.append(try await view(subscription))
        }
        return .ok(.init(body: .json(views)))
    }

    /// Undoes a scheduled change: choosing the current product again withdraws it (the core's
    /// rule, and the App Store's for a store-billed subscription).
    func withdrawPlanChange(_ input: Operations.WithdrawPlanChange.Input) async throws -> Operations.WithdrawPlanChange.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        guard subscription.pendingProductID != nil else {
            throw Problem.invalidRequest("no plan change is scheduled for \(subscription.id)")
        }
        _ = try await router.changePlan(PlanChangeRequest(subscriptionID: subscription.id, toProductID: subscription.productID))
        return .ok(.init(body: .json(try await view(try await ownSubscription(subscription.id)))))
    }

    /// The subscription with its scheduled change and what the renewal will charge for it.
    private func view(_ subscription: PaymentsCore.Subscription) async throws -> Components.Schemas.Subscription {
        var view = Components.Schemas.Subscription(subscription)
        if subscription.state == .subscribed, let pending = subscription.pendingProductID {
            let preview = try await router.previewPlanChange(subscriptionID: subscription.id, toProductID: pending)
            view.scheduledChange = .init(productId: preview.toProductID, kind: .init(preview.kind),
                                         effectiveAt: preview.nextChargeDate, amount: .init(preview.nextChargeAmount))
        }
        return view
    }

    func cancelSubscription(_ input: Operations.CancelSubscription.Input) async throws -> Operations.CancelSubscription.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        var reason: CancellationReason?
        if case let .json(body) = input.body, let given = body.reason {
            reason = CancellationReason(rawValue: given.rawValue)
        }
        let cancelled = try await router.cancelAtPeriodEnd(subscriptionID: subscription.id, reason: reason)
        return .ok(.init(body: .json(try await view(cancelled))))
    }

    func resumeSubscription(_ input: Operations.ResumeSubscription.Input) async throws -> Operations.ResumeSubscription.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        return .ok(.init(body: .json(try await view(try await router.resume(subscriptionID: subscription.id)))))
    }

    func previewPlanChange(_ input: Operations.PreviewPlanChange.Input) async throws -> Operations.PreviewPlanChange.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        let preview = try await router.previewPlanChange(subscriptionID: subscription.id, toProductID: input.query.to)
        return .ok(.init(body: .json(.init(preview))))
    }

    func changePlan(_ input: Operations.ChangePlan.Input) async throws -> Operations.ChangePlan.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let outcome = try await router.changePlan(PlanChangeRequest(
            subscriptionID: subscription.id, toProductID: body.toProductId,
            idempotencyKey: try scoped(input.headers.idempotencyKey)))
        return .ok(.init(body: .json(.init(outcome))))
    }

    func getIntroEligibility(_ input: Operations.GetIntroEligibility.Input) async throws -> Operations.GetIntroEligibility.Output {
        let eligible = try await service.isEligibleForIntroOffer(accountID: try customerID())
        return .ok(.init(body: .json(.init(eligible: eligible))))
    }

    /// The caller's subscription, or 404 for one that is not theirs.
    private func ownSubscription(_ id: String) async throws -> PaymentsCore.Subscription {
        try await service.subscription(id, of: try customerID())
    }
}
