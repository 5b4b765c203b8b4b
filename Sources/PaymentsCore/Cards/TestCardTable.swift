/// Stripe's test card numbers and the issuer behaviour each one triggers in test mode.
public enum TestCardTable {
    /// The behaviour for a Luhn-valid card number (digits only).
    ///
    /// A number missing from the table is declined as Stripe test mode declines a real card:
    /// `card_declined` with decline code `test_mode_live_card` and the message "Your card was
    /// declined. Your request was in test mode, but used a non test card. …". Kiosk only ever
    /// simulates payments, so a real card number must never appear to work.
    ///
    /// 4242424242424241 is absent on purpose: it fails the Luhn check, so validation rejects it
    /// with `incorrect_number` before this table is consulted.
    public static func behaviour(forCardNumber digits: String) -> TestCardBehaviour {
        behaviours[digits] ?? .declines(.testModeLiveCard)
    }

    private static let behaviours: [String: TestCardBehaviour] = [
        // Successful payments, by brand.
        "4242424242424242": .succeeds,
        "4000056655665556": .succeeds,
        "5555555555554444": .succeeds,
        "2223003122003222": .succeeds,
        "5200828282828210": .succeeds,
        "5105105105105100": .succeeds,
        "378282246310005": .succeeds,
        "371449635398431": .succeeds,
        "6011111111111117": .succeeds,
        "6011000990139424": .succeeds,
        "6011981111111113": .succeeds,
        "3056930009020004": .succeeds,
        "36227206271667": .succeeds,
        "3566002020360505": .succeeds,
        "6200000000000005": .succeeds,
        // Declines.
        "4000000000000002": .declines(.genericDecline),
        "4000000000009995": .declines(.insufficientFunds),
        "4000000000009987": .declines(.lostCard),
        "4000000000009979": .declines(.stolenCard),
        "4000000000000069": .declines(.expiredCard),
        "4000000000000127": .declines(.incorrectCVC),
        "4000000000000119": .declines(.processingError),
        "4100000000000019": .declines(.fraudulent),
        "4000000000000341": .attachesButChargesDecline(.genericDecline),
        // Strong customer authentication.
        "4000002500003155": .requiresAuthenticationUnlessSetUp,
        "4000002760003184": .alwaysRequiresAuthentication,
    ]
}
