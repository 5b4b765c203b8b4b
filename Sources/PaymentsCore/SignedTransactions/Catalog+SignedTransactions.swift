extension Catalog {
    /// The bundle id when the catalog names none.
    public static let defaultBundleID = "dev.kiosk.store"

    /// The bundle id every signed transaction, renewal info and notification of this store carries.
    public var signingBundleID: String { bundleId ?? Self.defaultBundleID }

    /// The environment signed data claims: Sandbox unless the catalog chooses another, because Apple's
    /// verifier skips signature checks for Xcode and LocalTesting and must be configured for Production.
    public var signingEnvironment: TransactionEnvironment { environment ?? .sandbox }
}
