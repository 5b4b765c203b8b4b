extension CardDetails {
    /// The number and security code as typed, for the places outside the core that may see
    /// them: the card processor's vault, and the request handing the card to a remote store's
    /// processor (`POST /v1/payment-methods`).
    /// A closure rather than properties so they cannot be kept or logged by accident.
    public func withNumberAndSecurityCode<T>(_ body: (_ number: String, _ cvc: String) throws -> T) rethrows -> T {
        try body(number, cvc)
    }
}
