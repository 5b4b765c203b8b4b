/// A screen pushed on the navigation stack above the current tab.
public enum AppScreen: Equatable, Sendable {
    case checkout(CheckoutState)
}
