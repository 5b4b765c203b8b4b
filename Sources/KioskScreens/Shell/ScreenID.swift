/// The five screens, named for routing keys and for QA expectations (`expect screen: checkout`).
public enum ScreenID: String, Sendable, Hashable, CaseIterable {
    case paywall, plans, checkout, billing, settings
}
