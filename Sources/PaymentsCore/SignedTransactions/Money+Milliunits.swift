extension Money {
    /// The amount in thousandths of the currency's major unit, as App Store payloads carry `price`:
    /// 9.99 USD (999 cents) is 9990, 1500 JPY is 1500000, 1.234 BHD is 1234.
    ///
    /// Throws ``MoneyError/overflow`` when the product does not fit, and for the currencies with more
    /// than three minor-unit digits (such as CLF), whose amounts milliunits cannot carry exactly.
    public var milliunits: Int64 {
        get throws(MoneyError) {
            guard currency.minorUnitDigits <= 3 else { throw .overflow }
            var factor: Int64 = 1
            for _ in currency.minorUnitDigits..<3 { factor *= 10 }
            let (value, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
            guard !overflow else { throw .overflow }
            return value
        }
    }
}

extension Money {
    /// An App Store payload's `price` (thousandths of the major unit) in minor units, or nil when
    /// it is not a bookable amount of `currency`: finer than its minor unit (9.995 USD), or a
    /// currency with more than three minor-unit digits.
    public init?(exactMilliunits milliunits: Int64, currency: Currency) {
        guard currency.minorUnitDigits <= 3 else { return nil }
        var factor: Int64 = 1
        for _ in currency.minorUnitDigits..<3 { factor *= 10 }
        guard milliunits % factor == 0 else { return nil }
        self.init(minorUnits: milliunits / factor, currency: currency)
    }
}
