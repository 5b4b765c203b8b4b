/// An ISO 4217 currency, with the number of minor-unit digits that decides how amounts are stored
/// and shown (JPY has none, KWD has three).
///
/// Only codes in the table below exist: an unknown code is a catalog or input error, never a guess,
/// because a wrong exponent would silently multiply every price by a power of ten.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    public let code: String
    public let minorUnitDigits: Int

    public init?(code: String) {
        let upper = code.uppercased()
        guard upper.count == 3, let digits = Currency.exponents[upper] else { return nil }
        self.code = upper
        self.minorUnitDigits = digits
    }

    public var description: String { code }

    public static let usd = Currency(known: "USD", digits: 2)
    public static let eur = Currency(known: "EUR", digits: 2)
    public static let gbp = Currency(known: "GBP", digits: 2)
    public static let jpy = Currency(known: "JPY", digits: 0)

    private init(known code: String, digits: Int) {
        self.code = code
        self.minorUnitDigits = digits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(code)' is not an ISO 4217 currency code")
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// Active ISO 4217 codes and their minor-unit exponents (ISO 4217 list, amendment 177).
    static let exponents: [String: Int] = {
        var table: [String: Int] = [:]
        let zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
        let three = "BHD IQD JOD KWD LYD OMR TND"
        let four = "CLF UYW"
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP \
            BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD \
            FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD \
            KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD \
            NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP \
            SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VES \
            WST XCD YER ZAR ZMW ZWG
            """
        for (codes, digits) in [(zero, 0), (two, 2), (three, 3), (four, 4)] {
            for code in codes.split(separator: " ") { table[String(code)] = digits }
        }
        return table
    }()
}
