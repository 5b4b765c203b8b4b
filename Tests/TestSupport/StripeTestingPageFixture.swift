/// Stripe's testing page (docs.stripe.com/testing, read 2026-11-29) transcribed as the tests expect it, one card
/// a line: number, brand, country, funding, and the outcome of an on-session payment with a
/// postal code entered (`ok`, `decline:CODE`, `3ds` for a challenge that then pays,
/// `3ds-decline:CODE` for a challenge followed by a decline).
///
/// Kept apart from `TestCardTable` on purpose: the table is checked against this transcription,
/// not against itself. Shared by the simulator's tests and the API's.
public enum StripeTestingPageFixture {
    public struct Row: Sendable {
        public let number: String
        public let brand: String
        public let country: String
        public let funding: String
        public let outcome: String
    }

    public static var rows: [Row] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 5 else { return nil }
            return Row(number: fields[0], brand: fields[1], country: fields[2], funding: fields[3], outcome: fields[4])
        }
    }

    private static let text = """
    4242424242424242 visa US credit ok
    4000056655665556 visa US debit ok
    5555555555554444 mastercard US credit ok
    2223003122003222 mastercard US credit ok
    5200828282828210 mastercard US debit ok
    5105105105105100 mastercard US prepaid ok
    378282246310005 amex US credit ok
    371449635398431 amex US credit ok
    6011111111111117 discover US credit ok
    6011000990139424 discover US credit ok
    6011981111111113 discover US debit ok
    3056930009020004 diners US credit ok
    36227206271667 diners US credit ok
    6555900000604105 discover US credit ok
    3566002020360505 jcb US credit ok
    6200000000000005 unionpay US credit ok
    6200000000000047 unionpay US debit ok
    6205500000000000004 unionpay US credit ok
    4000002500001001 visa FR credit ok
    5555552500001001 mastercard FR credit ok
    4000050360000001 visa AU credit ok
    5555050360000080 mastercard AU credit ok
    4000000320000021 visa AR credit ok
    4000000760000002 visa BR credit ok
    4000001240000000 visa CA credit ok
    4000001520000001 visa CL credit ok
    4000001700000003 visa CO credit ok
    4000001880000005 visa CR credit ok
    4000002180000000 visa EC credit ok
    4000004840008001 visa MX credit ok
    5062210000000009 unknown MX credit ok
    4000005910000000 visa PA credit ok
    4000006000000066 visa PY credit ok
    4000006040000068 visa PE credit ok
    4000008580000003 visa UY credit ok
    4000007840000001 visa AE credit ok
    5200007840000022 mastercard AE credit ok
    4000000400000008 visa AT credit ok
    4000000560000004 visa BE credit ok
    4000001000000000 visa BG credit ok
    4000001120000005 visa BY credit ok
    4000001910000009 visa HR credit ok
    4000001960000008 visa CY credit ok
    4000002030000002 visa CZ credit ok
    4000002080000001 visa DK credit ok
    4000002330000009 visa EE credit ok
    4000002460000001 visa FI credit ok
    4000002500000003 visa FR credit ok
    4000002760000016 visa DE credit ok
    4000002920000005 visa GI credit ok
    4000003000000030 visa GR credit ok
    4000003480000005 visa HU credit ok
    4000003720000005 visa IE credit ok
    4000003800000008 visa IT credit ok
    4000004280000005 visa LV credit ok
    4000004380000004 visa LI credit ok
    4000004400000000 visa LT credit ok
    4000004420000006 visa LU credit ok
    4000004700000007 visa MT credit ok
    4000005280000002 visa NL credit ok
    4000005780000007 visa NO credit ok
    4000006160000005 visa PL credit ok
    4000006200000007 visa PT credit ok
    4000006420000001 visa RO credit ok
    4000006820000007 visa SA credit ok
    4000007050000006 visa SI credit ok
    4000007030000001 visa SK credit ok
    4000007240000007 visa ES credit ok
    4000007520000008 visa SE credit ok
    4000007560000009 visa CH credit ok
    4000008260000000 visa GB credit ok
    4000058260000005 visa GB debit ok
    5555558265554449 mastercard GB credit ok
    4000000360000006 visa AU credit ok
    4000001560000002 visa CN credit ok
    4000003440000004 visa HK credit ok
    4000003560000008 visa IN credit ok
    4000003920000003 visa JP credit ok
    3530111333300000 jcb JP credit ok
    4000004580000002 visa MY credit ok
    4000005540000008 visa NZ credit ok
    4000007020000003 visa SG credit ok
    4000001580000008 visa TW credit ok
    4000007640000003 visa TH credit ok
    4000057640000008 visa TH debit ok
    4000051230000072 visa US debit ok
    5200828282828897 mastercard US debit ok
    4000000000000002 visa US credit decline:generic_decline
    4000000000009995 visa US credit decline:insufficient_funds
    4000000000009987 visa US credit decline:lost_card
    4000000000009979 visa US credit decline:stolen_card
    4000000000000069 visa US credit decline:expired_card
    4000000000000127 visa US credit decline:incorrect_cvc
    4000000000000119 visa US credit decline:processing_error
    4000000000006975 visa US credit decline:card_velocity_exceeded
    4000000000000341 visa US credit decline:generic_decline
    4100000000000019 visa US credit decline:fraudulent
    4000000000004954 visa US credit decline:fraudulent
    4000000000009235 visa US credit ok
    4000008400000407 visa US credit ok
    4000008400000159 visa US credit ok
    4000008400001017 visa US credit ok
    4000008405600003 visa US credit ok
    4000000000000101 visa US credit decline:incorrect_cvc
    4000000000000036 visa US credit decline:incorrect_zip
    4000058400307872 visa US credit decline:incorrect_cvc
    4000058400306072 visa US credit decline:incorrect_zip
    4000000000000028 visa US credit ok
    4000000000000010 visa US credit decline:incorrect_zip
    4000000000000044 visa US credit ok
    4000000000000259 visa US credit ok
    4000000000002685 visa US credit ok
    4000000000001976 visa US credit ok
    4000000000005423 visa US credit ok
    4000000404000079 visa US credit ok
    4000000404000038 visa US credit ok
    4000008400000779 visa US credit ok
    5105008400000002 mastercard US credit ok
    4000000001000043 visa US credit ok
    4000000404004816 visa US credit ok
    4000000404005649 visa US credit ok
    5105000300000018 mastercard US credit ok
    4000000000007726 visa US credit ok
    4000000000005126 visa US credit ok
    4000000000000077 visa US credit ok
    4000003720000278 visa IE credit ok
    4000002500003155 visa US credit 3ds
    4000002760003184 visa US credit 3ds
    4000003800000446 visa US credit 3ds
    4000008260003178 visa US credit 3ds-decline:insufficient_funds
    4000000000003220 visa IE credit 3ds
    4000008400000027 visa US credit 3ds
    4000008400001629 visa US credit 3ds-decline:generic_decline
    4000008400001280 visa US credit decline:generic_decline
    4000000000003055 visa US credit ok
    4000000000003097 visa US credit ok
    4000000032200000 visa US credit ok
    4000582600000094 visa US credit 3ds
    4000582600000045 visa US credit 3ds
    4000582600000102 visa US credit 3ds
    4000582600000110 visa US credit 3ds
    4000000000001208 visa US credit ok
    4000000000003725 visa US credit ok
    4001007020000002 visa US credit ok
    4000008260000075 visa US credit ok
    4001000360000005 visa US credit ok
    4000002760000008 visa US credit ok
    """
}
