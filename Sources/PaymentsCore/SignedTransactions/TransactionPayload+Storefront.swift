extension TransactionPayload {
    /// App Store storefront ids for common storefronts (StoreKit's `Storefront.id`).
    public static func storefrontID(_ countryCode: String) -> String {
        storefrontIDs[countryCode] ?? "0"
    }

    /// Built once: every transaction asks, and a literal here was a new dictionary per call.
    private static let storefrontIDs = [
        "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "CAN": "143455",
        "AUS": "143460", "JPN": "143462", "ITA": "143450", "ESP": "143454", "NLD": "143452",
    ]
}
