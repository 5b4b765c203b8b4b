import PaymentsCore

/// The account's saved payment methods.
public struct WalletClient: Sendable {
    public var paymentMethods: @Sendable (_ accountID: String) async throws -> [PaymentMethod] = { _ in
        throw UnstubbedCall("paymentMethods")
    }
    public var addCard: @Sendable (_ accountID: String, CardDetails, _ makeDefault: Bool) async throws -> PaymentMethod = { _, _, _ in
        throw UnstubbedCall("addCard")
    }
    public var removePaymentMethod: @Sendable (_ paymentMethodID: String) async throws -> Void = { _ in
        throw UnstubbedCall("removePaymentMethod")
    }
    public var setDefaultPaymentMethod: @Sendable (_ paymentMethodID: String) async throws -> Void = { _ in
        throw UnstubbedCall("setDefaultPaymentMethod")
    }

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    public static func live(_ service: any PaymentsService) -> WalletClient {
        var client = WalletClient()
        client.paymentMethods = { try await service.paymentMethods(accountID: $0) }
        client.addCard = { try await service.addCard(accountID: $0, card: $1, makeDefault: $2) }
        client.removePaymentMethod = { try await service.removePaymentMethod($0) }
        client.setDefaultPaymentMethod = { try await service.setDefaultPaymentMethod($0) }
        return client
    }
}
