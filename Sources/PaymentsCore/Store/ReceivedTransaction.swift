import Foundation

/// A transaction the App Store signed, as the merchant received it (in a server notification or an
/// uploaded receipt), after its signature was verified: the token is kept exactly as it came,
/// because only the App Store may sign its transactions.
struct ReceivedTransaction: Sendable {
    var jws: String
    var payload: TransactionPayload
    /// The payload's JSON exactly as the token signs it, for the row's `payload` column.
    var payloadJSON: String

    init(jws: String, payload: TransactionPayload) throws {
        self.jws = jws
        self.payload = payload
        do {
            payloadJSON = String(decoding: try CompactJWS(parsing: jws).payload, as: UTF8.self)
        } catch {
            throw PaymentsError.invalidInput(field: "signedTransactionInfo", message: "\(error)")
        }
    }
}
