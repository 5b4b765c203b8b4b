import PaymentsCore

/// Every card number on Stripe's testing page (docs.stripe.com/testing), one row per card, and
/// the issuer behaviour each triggers in test mode.
///
/// A number listed in several sections of the page (4242 4242 4242 4242 is the Visa card, the
/// US card and the card not enrolled in 3-D Secure) has one row that satisfies them all.
public enum TestCardTable {
    /// The row for a card number (digits only), or nil for a number not on the page.
    public static func card(forNumber digits: String) -> TestCard? {
        byNumber[digits]
    }

    /// The behaviour for a Luhn-valid card number (digits only), with Radar's checks applied.
    ///
    /// A number missing from the table is declined as Stripe test mode declines a real card:
    /// `card_declined` with decline code `test_mode_live_card` and the message "Your card was
    /// declined. Your request was in test mode, but used a non test card. …". Kiosk only ever
    /// simulates payments, so a real card number must never appear to work.
    ///
    /// 4242424242424241 is absent on purpose: it fails the Luhn check, so validation rejects it
    /// with `incorrect_number` before this table is consulted.
    public static func behaviour(forCardNumber digits: String, postalCodeProvided: Bool = false) -> TestCardBehaviour {
        card(forNumber: digits)?.behaviour(postalCodeProvided: postalCodeProvided) ?? .declines(.testModeLiveCard)
    }

    private static let byNumber = Dictionary(all.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })

    /// The page's cards in its order: by brand, co-branded, by country, HSA and FSA, declines,
    /// fraud, disputes, dispute prevention, refunds, available balance, 3-D Secure, captcha, PINs.
    /// Transcribed from docs.stripe.com/testing as read on 2026-11-29 (docs/test-cards.md).
    public static let all: [TestCard] = brands + coBranded + countries + healthAccounts + declines + fraud + disputes
        + disputePrevention + refunds + availableBalance + threeDSecure + captcha + pins

    private static let brands: [TestCard] = [
        TestCard("4242424242424242", "Visa", .visa),
        TestCard("4000056655665556", "Visa (debit)", .visa, funding: .debit),
        TestCard("5555555555554444", "Mastercard", .mastercard),
        TestCard("2223003122003222", "Mastercard (2-series)", .mastercard),
        TestCard("5200828282828210", "Mastercard (debit)", .mastercard, funding: .debit),
        TestCard("5105105105105100", "Mastercard (prepaid)", .mastercard, funding: .prepaid),
        TestCard("378282246310005", "American Express", .amex),
        TestCard("371449635398431", "American Express", .amex),
        TestCard("6011111111111117", "Discover", .discover),
        TestCard("6011000990139424", "Discover", .discover),
        TestCard("6011981111111113", "Discover (debit)", .discover, funding: .debit),
        TestCard("3056930009020004", "Diners Club", .diners),
        TestCard("36227206271667", "Diners Club (14-digit card)", .diners),
        TestCard("6555900000604105", "BCcard and DinaCard", .discover, coBrand: "BCcard and DinaCard"),
        TestCard("3566002020360505", "JCB", .jcb),
        TestCard("6200000000000005", "UnionPay", .unionpay),
        TestCard("6200000000000047", "UnionPay (debit)", .unionpay, funding: .debit),
        TestCard("6205500000000000004", "UnionPay (19-digit card)", .unionpay),
    ]

    /// The page gives no country for these; they are the French and Australian domestic
    /// networks, and the numbers carry those countries' ISO numeric codes (250, 036).
    private static let coBranded: [TestCard] = [
        TestCard("4000002500001001", "Cartes Bancaires/Visa", .visa, coBrand: "Cartes Bancaires", country: "FR"),
        TestCard("5555552500001001", "Cartes Bancaires/Mastercard", .mastercard, coBrand: "Cartes Bancaires", country: "FR"),
        TestCard("4000050360000001", "eftpos Australia/Visa", .visa, coBrand: "eftpos Australia", country: "AU"),
        TestCard("5555050360000080", "eftpos Australia/Mastercard", .mastercard, coBrand: "eftpos Australia", country: "AU"),
    ]

    /// 4242 4242 4242 4242 is also the page's United States card (see `brands`).
    private static let countries: [TestCard] = [
        visa("4000000320000021", "Argentina", "AR"), visa("4000000760000002", "Brazil", "BR"),
        visa("4000001240000000", "Canada", "CA"), visa("4000001520000001", "Chile", "CL"),
        visa("4000001700000003", "Colombia", "CO"), visa("4000001880000005", "Costa Rica", "CR"),
        visa("4000002180000000", "Ecuador", "EC"), visa("4000004840008001", "Mexico", "MX"),
        TestCard("5062210000000009", "Mexico (MX)", .unknown, coBrand: "Carnet", country: "MX"),
        visa("4000005910000000", "Panama", "PA"), visa("4000006000000066", "Paraguay", "PY"),
        visa("4000006040000068", "Peru", "PE"), visa("4000008580000003", "Uruguay", "UY"),
        visa("4000007840000001", "United Arab Emirates", "AE"),
        TestCard("5200007840000022", "United Arab Emirates (AE)", .mastercard, country: "AE"),
        visa("4000000400000008", "Austria", "AT"), visa("4000000560000004", "Belgium", "BE"),
        visa("4000001000000000", "Bulgaria", "BG"), visa("4000001120000005", "Belarus", "BY"),
        visa("4000001910000009", "Croatia", "HR"), visa("4000001960000008", "Cyprus", "CY"),
        visa("4000002030000002", "Czech Republic", "CZ"), visa("4000002080000001", "Denmark", "DK"),
        visa("4000002330000009", "Estonia", "EE"), visa("4000002460000001", "Finland", "FI"),
        visa("4000002500000003", "France", "FR"), visa("4000002760000016", "Germany", "DE"),
        visa("4000002920000005", "Gibraltar", "GI"), visa("4000003000000030", "Greece", "GR"),
        visa("4000003480000005", "Hungary", "HU"), visa("4000003720000005", "Ireland", "IE"),
        visa("4000003800000008", "Italy", "IT"), visa("4000004280000005", "Latvia", "LV"),
        visa("4000004380000004", "Liechtenstein", "LI"), visa("4000004400000000", "Lithuania", "LT"),
        visa("4000004420000006", "Luxembourg", "LU"), visa("4000004700000007", "Malta", "MT"),
        visa("4000005280000002", "Netherlands", "NL"), visa("4000005780000007", "Norway", "NO"),
        visa("4000006160000005", "Poland", "PL"), visa("4000006200000007", "Portugal", "PT"),
        visa("4000006420000001", "Romania", "RO"), visa("4000006820000007", "Saudi Arabia", "SA"),
        visa("4000007050000006", "Slovenia", "SI"), visa("4000007030000001", "Slovakia", "SK"),
        visa("4000007240000007", "Spain", "ES"), visa("4000007520000008", "Sweden", "SE"),
        visa("4000007560000009", "Switzerland", "CH"), visa("4000008260000000", "United Kingdom", "GB"),
        TestCard("4000058260000005", "United Kingdom (GB)", .visa, country: "GB", funding: .debit),
        TestCard("5555558265554449", "United Kingdom (GB)", .mastercard, country: "GB"),
        visa("4000000360000006", "Australia", "AU"), visa("4000001560000002", "China", "CN"),
        visa("4000003440000004", "Hong Kong", "HK"), visa("4000003560000008", "India", "IN"),
        visa("4000003920000003", "Japan", "JP"),
        TestCard("3530111333300000", "Japan (JP)", .jcb, country: "JP"),
        visa("4000004580000002", "Malaysia", "MY"), visa("4000005540000008", "New Zealand", "NZ"),
        visa("4000007020000003", "Singapore", "SG"), visa("4000001580000008", "Taiwan", "TW"),
        visa("4000007640000003", "Thailand", "TH"),
        TestCard("4000057640000008", "Thailand (TH)", .visa, country: "TH", funding: .debit),
    ]

    /// Health savings and flexible spending account cards: debit cards that pay like any other
    /// in a store. The page lists 4000 0512 3000 0072 twice, as Visa FSA and as Visa HSA.
    private static let healthAccounts: [TestCard] = [
        TestCard("4000051230000072", "Visa FSA and HSA", .visa, funding: .debit),
        TestCard("5200828282828897", "Mastercard FSA", .mastercard, funding: .debit),
    ]

    /// These refuse to be saved to a customer, except 4000000000000341.
    private static let declines: [TestCard] = [
        TestCard("4000000000000002", "Generic decline", .visa, behaviour: .declines(.genericDecline)),
        TestCard("4000000000009995", "Insufficient funds decline", .visa, behaviour: .declines(.insufficientFunds)),
        TestCard("4000000000009987", "Lost card decline", .visa, behaviour: .declines(.lostCard)),
        TestCard("4000000000009979", "Stolen card decline", .visa, behaviour: .declines(.stolenCard)),
        TestCard("4000000000000069", "Expired card decline", .visa, behaviour: .declines(.expiredCard)),
        TestCard("4000000000000127", "Incorrect CVC decline", .visa, behaviour: .declines(.incorrectCVC)),
        TestCard("4000000000000119", "Processing error decline", .visa, behaviour: .declines(.processingError)),
        TestCard("4000000000006975", "Exceeding velocity limit decline", .visa,
                 behaviour: .declines(.cardVelocityExceeded)),
        TestCard("4000000000000341", "Decline after attaching", .visa,
                 behaviour: .attachesButChargesDecline(.genericDecline)),
    ]

    /// Radar's default rules decide: highest risk is blocked (`fraudulent`), elevated risk goes
    /// through, and failed CVC or postal-code checks are blocked (see `TestCardChecks`). The
    /// scores and the dynamic-threshold and Adaptive 3DS controls only act when a merchant turns
    /// them on; Kiosk runs the default settings, so those cards pay.
    private static let fraud: [TestCard] = [
        TestCard("4100000000000019", "Always blocked", .visa, behaviour: .declines(.fraudulent), risk: .highest),
        TestCard("4000000000004954", "Highest risk", .visa, behaviour: .declines(.fraudulent), risk: .highest),
        TestCard("4000000000009235", "Elevated risk", .visa, risk: .elevated),
        TestCard("4000008400000407", "High fraud dispute score", .visa),
        TestCard("4000008400000159", "High early fraud warning score", .visa),
        TestCard("4000008400001017", "Dynamic risk thresholds", .visa),
        TestCard("4000008405600003", "Adaptive 3DS", .visa),
        TestCard("4000000000000101", "CVC check fails", .visa, checks: TestCardChecks(cvc: .fail)),
        TestCard("4000000000000036", "Postal code check fails", .visa, checks: TestCardChecks(postalCode: .fail)),
        TestCard("4000058400307872", "CVC check fails with elevated risk", .visa, risk: .elevated,
                 checks: TestCardChecks(cvc: .fail)),
        TestCard("4000058400306072", "Postal code check fails with elevated risk", .visa, risk: .elevated,
                 checks: TestCardChecks(postalCode: .fail)),
        TestCard("4000000000000028", "Line1 check fails", .visa, checks: TestCardChecks(addressLine1: .fail)),
        TestCard("4000000000000010", "Address checks fail", .visa,
                 checks: TestCardChecks(postalCode: .fail, addressLine1: .fail)),
        TestCard("4000000000000044", "Address unavailable", .visa,
                 checks: TestCardChecks(postalCode: .unavailable, addressLine1: .unavailable)),
    ]

    /// The charge succeeds; the dispute, inquiry or warning comes afterwards. A Visa Compelling
    /// Evidence 3.0 dispute is a fraud dispute (Visa reason code 10.4); compliance disputes carry
    /// Stripe's reason `noncompliant`. The page gives no reason for the Smart Disputes card, so
    /// it is disputed as the page's first card is, as fraudulent.
    private static let disputes: [TestCard] = [
        TestCard("4000000000000259", "Fraudulent", .visa, behaviour: .succeedsThen(.disputedAsFraudulent)),
        TestCard("4000000000002685", "Not received", .visa, behaviour: .succeedsThen(.disputedAsProductNotReceived)),
        TestCard("4000000000001976", "Inquiry", .visa, behaviour: .succeedsThen(.inquiry)),
        TestCard("4000000000005423", "Warning", .visa, behaviour: .succeedsThen(.earlyFraudWarning)),
        TestCard("4000000404000079", "Multiple disputes", .visa, behaviour: .succeedsThen(.disputedTwice)),
        TestCard("4000000404000038", "Visa Compelling Evidence 3.0", .visa, behaviour: .succeedsThen(.disputedAsFraudulent)),
        TestCard("4000008400000779", "Visa compliance", .visa, behaviour: .succeedsThen(.disputedAsNoncompliant)),
        TestCard("5105008400000002", "Mastercard compliance", .mastercard,
                 behaviour: .succeedsThen(.disputedAsNoncompliant)),
        TestCard("4000000001000043", "Smart disputes", .visa, behaviour: .succeedsThen(.disputedAsFraudulent)),
    ]

    /// Each prevents the dispute only for an account enrolled in Dispute Resolution or Dispute
    /// Deflection; Kiosk's simulated account is not, so the dispute is created, as fraudulent
    /// (all three programs answer fraud claims).
    private static let disputePrevention: [TestCard] = [
        TestCard("4000000404004816", "Visa Rapid Dispute Resolution", .visa, behaviour: .succeedsThen(.disputedAsFraudulent)),
        TestCard("4000000404005649", "Verifi CE3 block", .visa, behaviour: .succeedsThen(.disputedAsFraudulent)),
        TestCard("5105000300000018", "Ethoca alert", .mastercard, behaviour: .succeedsThen(.disputedAsFraudulent)),
    ]

    /// The charge succeeds; the refund's status changes afterwards. Kiosk settles refunds at
    /// once, so the asynchronous success ends as every other refund does, succeeded.
    private static let refunds: [TestCard] = [
        TestCard("4000000000007726", "Asynchronous success", .visa),
        TestCard("4000000000005126", "Asynchronous failure", .visa, behaviour: .succeedsThen(.refundFails)),
    ]

    /// The second is the page's international card; its number carries Ireland's code (372).
    private static let availableBalance: [TestCard] = [
        TestCard("4000000000000077", "Bypass pending balance", .visa),
        TestCard("4000003720000278", "Bypass pending balance (international)", .visa, country: "IE"),
    ]

    /// 4242 4242 4242 4242 (supported, not enrolled) and 3782 822463 10005 (not supported) are
    /// in `brands`: both pay without a challenge. The frictionless-flow card authenticates
    /// without asking the customer anything, so it pays. The mobile challenge-flow cards behave
    /// in a terminal like 4000 0000 0000 3220, as the page says they do outside mobile SDKs.
    private static let threeDSecure: [TestCard] = [
        TestCard("4000002500003155", "Authenticate unless set up", .visa, behaviour: .requiresAuthenticationUnlessSetUp),
        TestCard("4000002760003184", "Always authenticate", .visa, behaviour: .alwaysRequiresAuthentication),
        TestCard("4000003800000446", "Already set up", .visa, behaviour: .requiresAuthenticationUnlessSetUp),
        TestCard("4000008260003178", "Insufficient funds (3DS)", .visa,
                 behaviour: .requiresAuthenticationThenDeclines(.insufficientFunds)),
        TestCard("4000000000003220", "3DS required, OK", .visa, country: "IE", behaviour: .alwaysRequiresAuthentication),
        TestCard("4000008400000027", "3DS required, OK (US)", .visa, behaviour: .alwaysRequiresAuthentication),
        TestCard("4000008400001629", "3DS required, declined", .visa,
                 behaviour: .requiresAuthenticationThenDeclines(.genericDecline)),
        TestCard("4000008400001280", "3DS required, error", .visa, behaviour: .declines(.genericDecline)),
        TestCard("4000000000003055", "3DS supported, OK", .visa),
        TestCard("4000000000003097", "3DS supported, error", .visa),
        TestCard("4000000032200000", "3DS frictionless flow", .visa),
        TestCard("4000582600000094", "Out of band", .visa, behaviour: .alwaysRequiresAuthentication),
        TestCard("4000582600000045", "One time passcode", .visa, behaviour: .alwaysRequiresAuthentication),
        TestCard("4000582600000102", "Single select", .visa, behaviour: .alwaysRequiresAuthentication),
        TestCard("4000582600000110", "Multi select", .visa, behaviour: .alwaysRequiresAuthentication),
    ]

    /// A terminal shows no captcha, so the challenge never comes and the charge succeeds, as it
    /// does on the page once the challenge is answered.
    private static let captcha: [TestCard] = [
        TestCard("4000000000001208", "Captcha challenge", .visa),
        TestCard("4000000000003725", "Captcha challenge", .visa),
    ]

    /// In-person PIN cards: typed into an online form they pay like any card.
    private static let pins: [TestCard] = [
        TestCard("4001007020000002", "Offline PIN", .visa),
        TestCard("4000008260000075", "Offline PIN retry", .visa),
        TestCard("4001000360000005", "Online PIN", .visa),
        TestCard("4000002760000008", "Online PIN retry", .visa),
    ]

    private static func visa(_ number: String, _ country: String, _ code: String) -> TestCard {
        TestCard(number, "\(country) (\(code))", .visa, country: code)
    }
}
