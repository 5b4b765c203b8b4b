/// The currency of an App Store storefront, named as StoreKit configurations name it: the
/// ISO 3166-1 alpha-3 country code in `settings._storefront` ("USA", "JPN").
///
/// Covers the storefronts most teams test in. An unlisted storefront is reported rather than
/// guessed, since a wrong currency would misread every price (¥120 is not $1.20).
public enum StoreKitStorefront {
    public static func currency(of storefront: String) -> Currency? {
        currencyCodes[storefront.uppercased()].flatMap { Currency(code: $0) }
    }

    private static let currencyCodes: [String: String] = {
        var table: [String: String] = [
            "USA": "USD", "CAN": "CAD", "MEX": "MXN", "BRA": "BRL", "CHL": "CLP", "COL": "COP", "PER": "PEN",
            "GBR": "GBP", "CHE": "CHF", "SWE": "SEK", "NOR": "NOK", "DNK": "DKK", "POL": "PLN", "CZE": "CZK",
            "HUN": "HUF", "ROU": "RON", "TUR": "TRY", "ISR": "ILS", "ARE": "AED", "SAU": "SAR", "QAT": "QAR",
            "EGY": "EGP", "ZAF": "ZAR", "NGA": "NGN", "KAZ": "KZT", "IND": "INR", "PAK": "PKR", "IDN": "IDR",
            "THA": "THB", "VNM": "VND", "PHL": "PHP", "MYS": "MYR", "SGP": "SGD", "CHN": "CNY", "HKG": "HKD",
            "TWN": "TWD", "JPN": "JPY", "KOR": "KRW", "AUS": "AUD", "NZL": "NZD",
        ]
        let euro = "AUT BEL CYP DEU ESP EST FIN FRA GRC HRV IRL ITA LTU LUX LVA MLT NLD PRT SVK SVN"
        for country in euro.split(separator: " ") { table[String(country)] = "EUR" }
        return table
    }()
}
