import Foundation

/// How `kiosk accounts` shows a new key: once, since only its hash is kept.
enum AccountKeyPrinter {
    static func print(id: String, key: String, json: Bool) {
        if json {
            let escapedID = id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            Swift.print(#"{"api_key":"\#(key)","id":"\#(escapedID)"}"#)
        } else {
            Swift.print("Account: \(id)")
            Swift.print("API key: \(key)")
            Swift.print("Keep the key now: only its hash is stored, so it cannot be shown again.")
        }
    }
}
