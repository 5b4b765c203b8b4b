import KioskAPI
import PaymentsCore

/// A refusal of an app-backend call, in the kinds the client apps handle.
struct AppBackendFailure {
    typealias Code = Components.Schemas.AppBackendError.CodePayload

    let status: Int
    let code: Code
    let message: String

    /// The failure `error` stands for, or nil for an error the endpoints do not answer in the
    /// apps' envelope (a storage failure stays a problem-details 500).
    init?(_ error: any Error) {
        switch error {
        case let error as ReceiptBackendError: self.init(error)
        case let PaymentsError.receipt(error): self.init(error)
        case let error as PaymentsError:
            switch error {
            case .accountNotFound: self.init(status: 404, code: .userNotFound, message: error.userMessage)
            case .productNotFound: self.init(status: 404, code: .planNotFound, message: error.userMessage)
            case .store: self.init(status: 503, code: .serverError, message: error.userMessage)
            default: return nil
            }
        default:
            return nil
        }
    }

    private init(status: Int, code: Code, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    private init(_ error: ReceiptBackendError) {
        let message = error.userMessage
        switch error {
        case .noReceipt: self.init(status: 400, code: .noReceipt, message: message)
        case .invalidReceipt: self.init(status: 400, code: .invalidReceipt, message: message)
        case .userNotFound: self.init(status: 404, code: .userNotFound, message: message)
        case .planNotFound: self.init(status: 404, code: .planNotFound, message: message)
        case .duplicatePurchase: self.init(status: 409, code: .duplicatePurchase, message: message)
        case .network, .server: self.init(status: 503, code: .serverError, message: message)
        }
    }

    var receiptOutput: Operations.SubmitAppStoreReceipt.Output {
        let body = Components.Schemas.AppBackendError(status: status, message: message, success: false, code: code)
        switch status {
        case 400: return .badRequest(.init(body: .json(body)))
        case 404: return .notFound(.init(body: .json(body)))
        case 409: return .conflict(.init(body: .json(body)))
        default: return .serviceUnavailable(.init(body: .json(body)))
        }
    }
}
