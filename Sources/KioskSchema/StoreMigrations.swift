/// The store's schema, one list for both engines: SQLite runs it through GRDB's migrator
/// (`StoreSchema` in PaymentsCore), PostgreSQL through `PostgresMigrator` (`PostgresStoreSchema`
/// in KioskPostgres). Step `all[i]` is version `baselineVersion + i` on both, recorded under its `id`.
/// Times are integer milliseconds since 1970 (UTC), money is integer minor units beside its
/// currency code. Every history a screen pages through has an index that matches its ORDER BY, so
/// a page costs the same at row 10 or row 10 million.
///
/// The first week's history (v1…v30) is squashed into `baseline`, the schema as it stood at v30,
/// under v30's id: a new store runs the baseline and the steps after it; a store already at v30 or
/// later has that id recorded, so it runs only the steps it lacks, exactly as before. A store older
/// than v30 is refused and left untouched: kiosk `lastReleaseWithHistory` upgrades it first.
/// `StoreUpgradeTests` proves a new store's schema equals a v30 store's after its upgrade. A new
/// step is appended at the end, written once (`SchemaMigration.Part.both`) unless the engines differ.
public enum StoreMigrations {
    public static let all: [SchemaMigration] = [baseline, v31, v32, v33]

    /// The version the baseline stands for.
    public static let baselineVersion = 30

    /// The last release that carried v1…v29, to upgrade a store older than the baseline with.
    public static let lastReleaseWithHistory = "0.3.0"

    /// The ids a store made by the history recorded for v1…v29 beside the baseline's (GRDB keeps
    /// one row per step): known, so they are not taken for a newer build's steps.
    public static let squashedIDs: Set<String> = [
        "v1", "v2-simulated-store", "v3-receipt-backend", "v4-hosted-checkout", "v5-lookup-indexes",
        "v6-deferred-signing", "v7-api-keys", "v8-checkout-offer", "v9-store-notifications", "v10-card-fingerprints",
        "v11-account-products", "v12-sessions", "v13-provider-event-feed", "v14-card-processor",
        "v15-checkout-confirmations", "v16-provider-state", "v17-provider-over-api", "v18-transaction-issuers",
        "v19-app-store-inbox", "v20-store-subscription-mirrors", "v21-invoice-history-keyset",
        "v22-provider-sessions-unkeyed", "v23-sequence-objects", "v24-event-feed-order", "v25-shared-secrets",
        "v26-app-store-sheet", "v27-app-store-subscriptions", "v28-app-store-past-answers", "v29-app-store-clock-events",
    ]

    /// Why `store`, at schema `version` (older than the baseline), is not opened: what to do.
    public static func refusal(of store: String, version: String) -> String {
        "\(store) has schema v\(version), older than v\(baselineVersion), the oldest this kiosk upgrades: upgrade it "
            + "with kiosk \(lastReleaseWithHistory) first (the last release with every step), then use this kiosk (nothing was changed)"
    }
}
