extension SignedTransaction {
    /// A transaction received from a server as its compact JWS, with the payload read without
    /// verifying it: enough to show (a transaction id on a receipt). Trust still comes only from
    /// verifying `jws` (`LocalPaymentsService.verifyTransaction`).
    public init(receivedJWS jws: String) throws {
        self.init(jws: jws, payload: try CompactJWS.payload(of: jws))
    }
}
