import KioskViewModels
import PaymentsCore

extension PhaseMessageView {
    /// A screen whose content could not be loaded: what failed, why, where the way out is, and a
    /// retry button on `r`.
    static func failure(title: String, what: String, error: ScreenError, retry: TerminalAction) -> PhaseMessageView {
        PhaseMessageView(title: title, lines: [what] + explanation(error), style: \.error, button: ("r Retry", retry))
    }

    /// The error's message, and when the way out is on another screen, where to find it: a store
    /// opened with several accounts and nobody signed in is the common case.
    static func explanation(_ error: ScreenError) -> [String] {
        guard error.paymentsError == .notSignedIn else { return [error.message] }
        return ["Nobody is signed in.", "Press 4 for Settings, then Accounts, to sign in or create an account."]
    }
}
