/// A 3-D Secure challenge waiting on a checkout session: the core's pending action for the
/// purchase and the one-off card it was for (removed if the challenge fails).
struct CheckoutChallenge: Codable {
    var pendingActionID: String
    var paymentMethodID: String
}
