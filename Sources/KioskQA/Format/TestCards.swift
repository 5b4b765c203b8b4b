import PaymentsCore

/// The simulated store's test card numbers: the only numbers a scenario may contain.
public enum TestCards {
    /// What the recorder writes in place of a number that is not a test card.
    public static let substituteNumber = "4242424242424242"
    public static let substituteCVC = "123"

    /// Numbers outside the table behave as a live card in test mode; a scenario never holds one.
    public static func isKnown(_ number: String) -> Bool {
        TestCardTable.behaviour(forCardNumber: number) != .declines(.testModeLiveCard)
    }
}
