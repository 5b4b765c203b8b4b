import Foundation
import KioskAPI
import PaymentsCore

/// The customer's own subscriptions: each id is checked to be the caller's, and another
/// customer's answers 404 like one that does not exist. Changes go through `StoreKitRouter`, so
/// a store-billed subscription is changed by the App Store.
extension KioskAPIHandler {
    func listSubscriptions(_ input: Operations.ListSubscriptions.Input) async throws -> Operations.ListSubscriptions.Output {
        let subscriptions = try await service.subscriptions(accountID: try customerID())
        return .ok(.init(body: .json(subscriptions.map(Components.Schemas.Subscription.init))))
    }

    func cancelSubscription(_ input: Operations.CancelSubscription.Input) async throws -> Operations.CancelSubscription.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        var reason: CancellationReason?
        if case let .json(body) = input.body, let given = body.reason {
            reason = CancellationReason(rawValue: given.rawValue)
        }
        let cancelled = try await router.cancelAtPeriodEnd(subscriptionID: subscription.id, reason: reason)
        return .ok(.init(body: .json(.init(cancelled))))
    }

    func resumeSubscription(_ input: Operations.ResumeSubscription.Input) async throws -> Operations.ResumeSubscription.Output {
        let subscription = try await ownSubscription(input.path.subscriptionId)
        return .ok(.init(body: .json(.init(try await router.resume(subscriptionID: subscription.id)))))
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
