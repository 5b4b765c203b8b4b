import TerminalUI

/// Terminal-only state of the checkout screen: which field or button has focus and where the
/// cursor is. The typed card details live in the view model's `CardFormState`.
public struct CheckoutUI: Equatable, Sendable {
    /// The checkout this focus belongs to, so a new checkout starts from its first field.
    public var checkoutID: String?
    public var form = FormFocus()
    /// Whether the card form showed problems at the last reconcile.
    var hadCardProblems = false

    public init() {}
}
