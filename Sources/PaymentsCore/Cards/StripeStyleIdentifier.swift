/// Object identifiers shaped like Stripe's: a type prefix and random base62 characters.
public enum StripeStyleIdentifier {
    static let randomLength = 24

    /// `prefix` + 24 base62 characters drawn from `generator`, e.g. "tok_" or "ch_"; the same
    /// seeded generator gives the same identifiers, which keeps simulations reproducible.
    public static func make(prefix: String, using generator: inout some RandomNumberGenerator) -> String {
        var identifier = prefix
        for _ in 0..<randomLength {
            identifier.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return identifier
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
}
