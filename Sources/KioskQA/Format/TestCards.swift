import PaymentsCore
import Simulators

/// The simulated store's test card numbers: the only numbers a scenario may contain.
public enum TestCards {
    /// What the recorder writes in place of a number that is not a test card.
    public static let substituteNumber = "4242424242424242"
    public static let substituteCVC = "123"

    /// Every card on Stripe's testing page is known; any other number would behave as a live
    /// card in test mode, so a scenario never holds one.
    public static func isKnown(_ number: String) -> Bool {
        TestCardTable.card(forNumber: number) != nil
    }

    /// A valid security code for the card: four digits for American Express, three for the
    /// others, as Stripe's testing page asks.
    public static func cvc(for number: String) -> String {
        CardBrand.detect(fromPartialNumber: number).cvcLength == 4 ? "1234" : substituteCVC
    }
}
