import PaymentsCore

/// The account's subscriptions and entitlements, and changing, cancelling and resuming a plan.
public struct PlansClient: Sendable {
    public var subscriptions: @Sendable (_ accountID: String) async throws -> [Subscription] = { _ in
        throw UnstubbedCall("subscriptions")
    }
    public var entitlements: @Sendable (_ accountID: String) async throws -> [Entitlement] = { _ in
        throw UnstubbedCall("entitlements")
    }
    public var previewPlanChange: @Sendable (_ subscriptionID: String, _ toProductID: String) async throws -> PlanChangePreview = { _, _ in
        throw UnstubbedCall("previewPlanChange")
    }
    public var changePlan: @Sendable (PlanChangeRequest) async throws -> PlanChangeOutcome = { _ in throw UnstubbedCall("changePlan") }
    public var cancelAtPeriodEnd: @Sendable (_ subscriptionID: String, CancellationReason?) async throws -> Subscription = { _, _ in
        throw UnstubbedCall("cancelAtPeriodEnd")
    }
    public var resume: @Sendable (_ subscriptionID: String) async throws -> Subscription = { _ in throw UnstubbedCall("resume") }
    /// The subscription's status as each store and billing provider words it (the QA panel's map).
    public var statusVocabulary: @Sendable (_ subscriptionID: String) async throws -> SubscriptionStatusVocabulary = { _ in
        throw UnstubbedCall("statusVocabulary")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    /// Reads from `service`; changes go through `router`, which sends the App Store's
    /// subscriptions to the App Store.
    public static func live(_ service: any PaymentsService, router: StoreKitRouter) -> PlansClient {
        var client = PlansClient()
        client.subscriptions = { try await service.subscriptions(accountID: $0) }
        client.entitlements = { try await service.entitlements(accountID: $0) }
        client.previewPlanChange = { try await router.previewPlanChange(subscriptionID: $0, toProductID: $1) }
        client.changePlan = { try await router.changePlan($0) }
        client.cancelAtPeriodEnd = { try await router.cancelAtPeriodEnd(subscriptionID: $0, reason: $1) }
        client.resume = { try await router.resume(subscriptionID: $0) }
        client.statusVocabulary = { try await service.statusVocabulary(subscriptionID: $0) }
        return client
    }
}
