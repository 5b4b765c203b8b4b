/// The largest values a catalog may hold. Far above any real store's, yet small enough that
/// every sum, product and date the engine derives from them stays inside `Int64` and the
/// calendar's years, so a catalog that validates can never make arithmetic trap.
enum CatalogLimits {
    /// Prices and discount amounts, in minor units: 10^12 (ten billion dollars).
    static let maximumAmount: Int64 = 1_000_000_000_000
    /// Counts: points, usage limits, plan ranks, format versions.
    static let maximumCount: Int64 = 1_000_000_000
    /// Intro and offer-code periods, in billing periods.
    static let maximumPeriods: Int64 = 1_000
}
