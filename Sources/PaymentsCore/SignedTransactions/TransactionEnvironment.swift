/// The environment a signed transaction claims to come from, spelled as in App Store payloads.
///
/// Kiosk's transactions say `Sandbox` unless the catalog's `environment` chooses another, so that Apple's
/// `SignedDataVerifier` configured for the Sandbox accepts them. `Production` exists because Apple's format
/// has it and tests of production code paths need it; a catalog has to ask for it explicitly.
public enum TransactionEnvironment: String, Codable, Sendable, CaseIterable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    /// StoreKit's value for transactions minted by a local StoreKit test session.
    case localTesting = "LocalTesting"
}
