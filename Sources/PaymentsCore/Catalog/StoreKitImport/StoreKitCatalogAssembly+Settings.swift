extension StoreKitCatalogAssembly {
    /// Settings that were used (storefront, locale) or only describe Xcode's sync with App Store
    /// Connect: nothing to report.
    private static let consumedSettings: Set<String> = [
        "_storefront", "_locale", "_applicationInternalID", "_developerTeamID", "_lastSynchronizedDate",
    ]

    /// Test-session settings are store behaviour, not catalog content: each one that asks for
    /// something is reported with where Kiosk does the same.
    mutating func noteSettings() {
        for key in configuration.settings.keys.sorted() where !Self.consumedSettings.contains(key) {
            guard let value = configuration.settings[key], !value.isUnset else { continue }
            let subject = "settings.\(key) = \(value)"
            switch key {
            case "_askToBuyEnabled":
                note(subject, "a store control, not part of the catalog: `kiosk store controls --ask-to-buy on`")
            case "_billingGracePeriodEnabled":
                note(subject, "the billing grace period is a store setting (on by default, 16 days), "
                         + "not part of the catalog")
            case "_billingIssuesEnabled", "_renewalBillingIssuesEnabled":
                note(subject, "renewal billing failures are simulated with store controls and test cards, "
                         + "not part of the catalog")
            case "_failTransactionsEnabled":
                note(subject, "failed purchases are simulated with Stripe test cards (declines), not part of the catalog")
            case "_disableDialogs":
                note(subject, "purchase dialogs are not part of the catalog; not imported")
            case "_timeRate":
                note(subject, "Kiosk uses test clocks instead (advance a clock to run renewals); not imported")
            case "_storeKitErrors":
                noteStoreKitErrors(value)
            default:
                note(subject, "not a catalog setting; not imported")
            }
        }
    }

    /// `_storeKitErrors` lists every error Xcode can simulate, mostly disabled: only enabled ones
    /// are reported.
    private mutating func noteStoreKitErrors(_ value: StoreKitJSONValue) {
        guard case let .array(entries) = value else {
            note("settings._storeKitErrors = \(value)", "not a list of simulated errors; not imported")
            return
        }
        let enabled = entries.compactMap { entry -> String? in
            guard case let .object(fields) = entry, fields["enabled"] == .bool(true) else { return nil }
            if case let .string(name)? = fields["name"] { return name }
            return "unnamed"
        }
        guard !enabled.isEmpty else { return }
        note("settings._storeKitErrors", "simulated StoreKit errors (\(enabled.joined(separator: ", "))) are not part "
                 + "of the catalog; use store controls and test cards")
    }
}
