import KioskViewModels
import TerminalUI

/// Terminal-only state of the settings screen: the focused control (the section list counts as
/// one) and which button of a confirmation has focus.
public struct SettingsUI: Equatable, Sendable {
    public var form = FormFocus(id: SettingsControlID.sections)
    /// 0 is the confirming button, 1 the one that keeps things as they are (the default).
    public var confirmationButton = 1
    /// The first control of the form or survey last opened (add card, new account, the exit
    /// survey): focus jumps there once when it opens.
    var openedForm: String?
    /// The section the scroll position belongs to: another section starts at its top.
    var scrolledSection: SettingsSection?
    /// Whether the add-card form showed problems at the last reconcile.
    var hadCardProblems = false

    public init() {}
}
