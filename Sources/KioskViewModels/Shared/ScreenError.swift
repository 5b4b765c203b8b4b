import PaymentsCore

/// A failure as a screen shows it: the customer-facing message, and the core's typed error when
/// there is one so reducers can react to specific cases (a bad promo code, a used-up limit).
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var paymentsError: PaymentsError?

    public init(message: String, paymentsError: PaymentsError? = nil) {
        self.message = message
        self.paymentsError = paymentsError
    }

    public init(_ error: any Error) {
        if let payments = error as? PaymentsError {
            self.init(message: payments.userMessage, paymentsError: payments)
        } else if let store = error as? StoreError {
            self.init(message: store.userMessage, paymentsError: .store(store))
        } else {
            self.init(message: String(describing: error))
        }
    }

    public var description: String { message }
}

/// Runs a throwing call and turns any failure into a `ScreenError`, so effect results can
/// travel in Equatable actions.
func capture<Value: Sendable>(_ body: () async throws -> Value) async -> Result<Value, ScreenError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(ScreenError(error))
    }
}
