// swift-crypto 3.12 predates Sendable annotations; the key is immutable once drawn.
@preconcurrency import Crypto
import Foundation

/// The anti-forgery token of one checkout session's forms: HMAC-SHA256 of the session id under a
/// key the server draws at start-up, base64url without padding.
///
/// A page the server rendered carries it in a hidden field and every POST must send it back, so a
/// form another site builds (which knows at most the session id from a leaked link) cannot pay,
/// cancel or answer a challenge. Derived rather than stored, the token needs no schema of its own
/// and costs nothing per session; a server restart invalidates open pages, which then reload.
struct CheckoutFormToken: Sendable {
    /// The hidden form field that carries the token.
    static let fieldName = "csrf"

    private let key: SymmetricKey

    /// Draws a fresh 256-bit key from the server's injected generator.
    init(using generator: inout some RandomNumberGenerator) {
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        key = SymmetricKey(data: bytes)
    }

    func token(for sessionID: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(Self.message(sessionID).utf8), using: key)
        return Data(code).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `candidate` is this session's token; the comparison takes the same time wherever
    /// a forged token differs.
    func accepts(_ candidate: String?, for sessionID: String) -> Bool {
        guard let candidate, let code = Self.decode(candidate) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(Self.message(sessionID).utf8),
                                                      using: key)
    }

    /// Domain-separated so the key could never sign anything else by accident.
    private static func message(_ sessionID: String) -> String { "kiosk-checkout-form:" + sessionID }

    private static func decode(_ text: String) -> Data? {
        guard text.count == 43 else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        return Data(base64Encoded: standard)
    }
}
