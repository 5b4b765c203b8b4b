/// A launch's session ID: prefixes every idempotency key the app makes, so it must never repeat
/// across launches, hence the system's secure generator.
package enum SessionID {
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return "ses_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
