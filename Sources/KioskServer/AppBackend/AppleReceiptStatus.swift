import PaymentsCore

/// A verification as Apple's verifyReceipt reports it, in the status codes the client apps know.
enum AppleReceiptStatus: Equatable {
    enum Code: Int {
        case valid = 0
        case malformed = 21002
        case notAuthentic = 21003
        case sandboxReceiptSentToProduction = 21007
        case productionReceiptSentToSandbox = 21008
    }

    case valid(TransactionPayload)
    case invalid(Code)

    /// `sandbox` is where the client believes it sends the receipt; a receipt from the other
    /// environment is refused with Apple's code for that mistake, so the client knows to retry.
    static func of(_ result: TransactionVerificationResult, sandbox: Bool) -> AppleReceiptStatus {
        switch result {
        case let .verified(payload):
            let production = payload.environment == .production
            if production && sandbox { return .invalid(.productionReceiptSentToSandbox) }
            if !production && !sandbox { return .invalid(.sandboxReceiptSentToProduction) }
            return .valid(payload)
        case .unverified(.invalidEncoding, _), .unverified(.missingRequiredProperties, _):
            return .invalid(.malformed)
        case .unverified:
            return .invalid(.notAuthentic)
        }
    }
}
