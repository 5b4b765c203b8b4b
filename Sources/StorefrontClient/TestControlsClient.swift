import Foundation
import PaymentsCore

/// The QA panel's controls: the inbox of pending actions, the store's switches, test clocks and
/// the hosted-checkout provider's webhook deliveries.
public struct TestControlsClient: Sendable {
    public var pendingActions: @Sendable (_ accountID: String?) async throws -> [PendingAction] = { _ in
        throw UnstubbedCall("pendingActions")
    }
    public var approvePurchase: @Sendable (_ pendingID: String) async throws -> StorePurchaseResult = { _ in
        throw UnstubbedCall("approvePurchase")
    }
    public var declinePurchase: @Sendable (_ pendingID: String) async throws -> Void = { _ in throw UnstubbedCall("declinePurchase") }
    public var answerPriceIncrease: @Sendable (_ pendingID: String, _ accept: Bool) async throws -> Subscription = { _, _ in
        throw UnstubbedCall("answerPriceIncrease")
    }
    public var storeControls: @Sendable () async throws -> StoreControls = { throw UnstubbedCall("storeControls") }
    public var updateStoreControls: @Sendable (StoreControls) async throws -> Void = { _ in
        throw UnstubbedCall("updateStoreControls")
    }
    public var testClock: @Sendable (_ clockID: String) async throws -> TestClock = { _ in throw UnstubbedCall("testClock") }
    public var advanceTestClock: @Sendable (_ clockID: String, _ to: Date) async throws -> ClockAdvanceReport = { _, _ in
        throw UnstubbedCall("advanceTestClock")
    }
    /// Onto a test clock (a new one, frozen now) and back to real time.
    public var attachNewTestClock: @Sendable (_ accountID: String, _ name: String) async throws -> TestClock = { _, _ in
        throw UnstubbedCall("attachNewTestClock")
    }
    public var detachTestClock: @Sendable (_ accountID: String) async throws -> Account = { _ in
        throw UnstubbedCall("detachTestClock")
    }
    /// The hosted-checkout provider's webhook deliveries, newest last, and the replay and
    /// duplicate controls. A store without hosted checkout has none.
    public var webhookDeliveries: @Sendable () async throws -> [WebhookDelivery] = { throw UnstubbedCall("webhookDeliveries") }
    public var replayWebhook: @Sendable (_ deliveryID: String) async throws -> WebhookDelivery = { _ in
        throw UnstubbedCall("replayWebhook")
    }
    public var duplicateWebhook: @Sendable (_ deliveryID: String) async throws -> WebhookDelivery = { _ in
        throw UnstubbedCall("duplicateWebhook")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    /// The inbox and clocks through `desk` (the merchant's and the App Store's), test clocks
    /// from `service`, webhook controls steering `checkoutProvider`'s deliveries when there is one.
    public static func live(_ service: any PaymentsService, desk: TestControlDesk,
                            checkoutProvider: (any HostedCheckoutService)?) -> TestControlsClient {
        var client = TestControlsClient()
        client.pendingActions = { try await desk.pendingActions(accountID: $0) }
        client.approvePurchase = { try await desk.approvePurchase(pendingID: $0) }
        client.declinePurchase = { try await desk.declinePurchase(pendingID: $0) }
        client.answerPriceIncrease = { try await desk.answerPriceIncrease(pendingID: $0, accept: $1) }
        client.storeControls = { try await desk.storeControls() }
        client.updateStoreControls = { try await desk.updateStoreControls($0) }
        client.testClock = { try await service.testClock($0) }
        client.advanceTestClock = { try await desk.advanceTestClock($0, to: $1) }
        client.attachNewTestClock = { try await service.attachNewTestClock(accountID: $0, name: $1) }
        client.detachTestClock = { try await service.detachTestClock(accountID: $0) }
        if let provider = checkoutProvider {
            client.webhookDeliveries = { try await provider.webhookDeliveries() }
            client.replayWebhook = { try await provider.replayWebhookDelivery($0) }
            client.duplicateWebhook = { try await provider.duplicateWebhookDelivery($0) }
        } else {
            client.webhookDeliveries = { [] }
            client.replayWebhook = { _ in throw HostedCheckoutUnavailable() }
            client.duplicateWebhook = { _ in throw HostedCheckoutUnavailable() }
        }
        return client
    }
}
