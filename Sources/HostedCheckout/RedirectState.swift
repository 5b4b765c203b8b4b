/// The anti-forgery `state` of one checkout: 43 base62 characters (about 256 bits), so a page
/// that guesses at the loopback port still cannot forge a return.
enum RedirectState {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let length = 43

    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
