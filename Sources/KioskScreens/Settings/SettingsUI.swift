/// Terminal-only state of the settings screen: focus and scrolling.
public struct SettingsUI: Equatable, Sendable {
    public init() {}
}
