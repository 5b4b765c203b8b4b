/// The environment a signed transaction claims to come from, spelled as in App Store payloads.
///
/// There is deliberately no `Production` case: Kiosk's store is simulated, and a payload that claimed
/// production could be mistaken for a real purchase by code written against StoreKit semantics.
public enum TransactionEnvironment: String, Codable, Sendable, CaseIterable {
    case sandbox = "Sandbox"
    case xcode = "Xcode"
    /// Kiosk's own value for transactions minted by the local simulated store.
    case localTesting = "LocalTesting"
}
