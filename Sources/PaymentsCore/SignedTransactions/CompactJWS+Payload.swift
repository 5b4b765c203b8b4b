import Foundation

extension CompactJWS {
    /// The payload of a JWS the store itself signed and stored, read without verifying: used
    /// only to re-sign it (a revocation) or to list it; clients verify through `TransactionVerifier`.
    static func payload(of compact: String) throws -> TransactionPayload {
        let token = try CompactJWS(parsing: compact)
        return try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: Data(token.payload))
    }
}

extension TransactionPayload {
    /// What a token its own signer stored says, read without verifying (see `CompactJWS.payload`):
    /// the App Store re-signs its sales from it when it refunds them.
    public init(storedToken compact: String) throws {
        self = try CompactJWS.payload(of: compact)
    }
}
