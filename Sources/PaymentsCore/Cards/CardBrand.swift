/// A card network, recognised from the leading digits (the issuer identification number).
///
/// Detection works on partial input so the entry form can show the brand, the expected CVC
/// length and the digit grouping while the customer is still typing.
public enum CardBrand: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case visa
    case mastercard
    case amex
    case discover
    case diners
    case jcb
    case unionpay
    case unknown

    /// The name a customer recognises on a receipt or a saved-card list.
    public var displayName: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .amex: "American Express"
        case .discover: "Discover"
        case .diners: "Diners Club"
        case .jcb: "JCB"
        case .unionpay: "UnionPay"
        case .unknown: "Card"
        }
    }

    public var description: String { displayName }

    /// Every complete number length the network issues, ascending.
    ///
    /// An unknown brand accepts the ISO/IEC 7812 range used by payment cards, so a number from a
    /// network missing from the table is still judged by Luhn rather than rejected outright.
    public var validLengths: [Int] {
        switch self {
        case .visa: [13, 16, 19]
        case .mastercard: [16]
        case .amex: [15]
        case .discover, .jcb, .unionpay: [16, 17, 18, 19]
        case .diners: [14, 16]
        case .unknown: Array(13...19)
        }
    }

    /// The longest number the network issues; an entry field can stop accepting digits here.
    public var maximumLength: Int { validLengths.last ?? 19 }

    /// Digits in the security code: American Express prints four on the front, the others three.
    public var cvcLength: Int { self == .amex ? 4 : 3 }

    /// How the digits are grouped for display once `digitCount` digits have been typed.
    ///
    /// The digit count matters for Diners Club only: 14-digit cards print 4-6-4, while the newer
    /// 16-digit cards print like any other 16-digit card.
    public func groupSizes(forDigitCount digitCount: Int) -> [Int] {
        switch self {
        case .amex: [4, 6, 5]
        case .diners where digitCount <= 14: [4, 6, 4]
        default: [4, 4, 4, 4, 3]
        }
    }

    /// The brand the typed digits certainly belong to, or `.unknown` while they are still
    /// ambiguous ("3" could be Amex, Diners or JCB) or match no known network.
    ///
    /// Spaces, dashes and any other non-digit characters are ignored.
    public static func detect(fromPartialNumber text: String) -> CardBrand {
        let prefix = CardNumberText.digitsIgnoringOthers(in: text)
        for brand in knownBrands where brand.prefixMatch(prefix) == .certain {
            return brand
        }
        return .unknown
    }

    private static let knownBrands: [CardBrand] = allCases.filter { $0 != .unknown }

    /// Issuer identification ranges, each bounded at a fixed number of leading digits.
    private var prefixRanges: [CardPrefixRange] {
        switch self {
        case .visa: [CardPrefixRange(4...4, digits: 1)]
        case .mastercard: [CardPrefixRange(51...55, digits: 2), CardPrefixRange(2221...2720, digits: 4)]
        case .amex: [CardPrefixRange(34...34, digits: 2), CardPrefixRange(37...37, digits: 2)]
        case .discover:
            [CardPrefixRange(6011...6011, digits: 4), CardPrefixRange(644...649, digits: 3),
             CardPrefixRange(65...65, digits: 2)]
        case .diners:
            [CardPrefixRange(300...305, digits: 3), CardPrefixRange(309...309, digits: 3),
             CardPrefixRange(36...36, digits: 2), CardPrefixRange(38...39, digits: 2)]
        case .jcb: [CardPrefixRange(3528...3589, digits: 4)]
        case .unionpay: [CardPrefixRange(62...62, digits: 2), CardPrefixRange(81...81, digits: 2)]
        case .unknown: []
        }
    }

    private func prefixMatch(_ digits: String) -> CardPrefixRange.Match {
        let matches = prefixRanges.map { $0.match(digits) }
        if matches.contains(.certain) { return .certain }
        if matches.contains(.possible) { return .possible }
        return .none
    }
}
