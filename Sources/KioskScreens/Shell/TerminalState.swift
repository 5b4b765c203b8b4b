import Foundation
import KioskViewModels
import TerminalUI

/// Everything the terminal front end shows: the app's state plus what only a terminal has
/// (its size, which control has focus, scroll positions, the quit question). The frame is a pure
/// function of this value, so a test or a QA scenario sees exactly what a person would.
public struct TerminalState: Equatable, Sendable {
    public var app: AppState
    public var size: Size
    public var plans = PlansUI()
    public var checkout = CheckoutUI()
    public var billing = BillingUI()
    public var settings = SettingsUI()
    /// Asked when `q` is pressed while a payment is in flight.
    public var isConfirmingQuit = false
    /// Set once the person has chosen to quit; the host ends its loop.
    public var hasQuit = false
    /// First visible line of the help overlay.
    public var helpOffset = 0
    /// Clock ticks seen: turns the spinner of work in progress.
    public var ticks = 0
    /// The theme picked in Settings while running. It outranks the one the app started with
    /// (saved, or `--theme`), while loading the saved preferences does not.
    public var pickedTheme: KioskViewModels.Theme?

    /// Where billing exports go, part of the session rather than of the process: locally the
    /// directory kiosk was started in, spelled out in full so the overwrite question and the
    /// outcome say exactly where. A session on a server passes its own (with a `FileExportClient`
    /// that refuses, over SSH).
    public var exportDirectory: String

    public init(app: AppState, size: Size, exportDirectory: String = FileManager.default.currentDirectoryPath) {
        self.app = app
        self.size = size
        self.exportDirectory = exportDirectory
    }

    /// Below this the screens cannot be laid out; the front end says so instead of drawing garbage.
    public static let minimumSize = Size(width: 60, height: 20)

    public var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// The screen on top, which receives keys first.
    public var screen: ScreenID {
        if app.checkout != nil { return .checkout }
        switch app.tab {
        case .paywall: return .paywall
        case .plans: return .plans
        case .billing: return .billing
        case .settings: return .settings
        }
    }

    /// Keys the terminal itself handles, listed in the help overlay beside the app's.
    public static let terminalKeys = [
        KeyHelp("PgUp/PgDn", "Page through lists"), KeyHelp("Home/End", "First or last item"),
        KeyHelp("Ctrl-L", "Redraw the screen"), KeyHelp("Ctrl-Z", "Suspend"), KeyHelp("Ctrl-C", "Quit at once"),
    ]

    /// Moves focus to a control of the screen on top (only line screens have focusable controls).
    mutating func focus(_ id: String) {
        switch screen {
        case .checkout: checkout.form.move(to: id)
        case .settings: settings.form.move(to: id)
        case .paywall, .plans, .billing: break
        }
    }

    /// After the app's state changed, each screen's focus and scroll positions are brought back
    /// in range (a list shrank, a checkout was pushed or popped).
    mutating func reconcileUI() {
        PaywallScreen.reconcile(&self)
        PlansScreen.reconcile(&self)
        CheckoutScreen.reconcile(&self)
        BillingScreen.reconcile(&self)
        SettingsScreen.reconcile(&self)
    }

    /// A payment has been sent and its answer is not in yet: leaving now would not lose it (the
    /// core records it exactly once), but the person would not see how it ended, so quitting asks.
    public var isPaymentInFlight: Bool {
        guard let checkout = app.checkout else { return false }
        switch checkout.status {
        case .processing, .authenticating, .pendingApproval: return true
        case let .browser(phase):
            switch phase {
            case .creatingSession, .waiting, .reconciling: return true
            case .timedOut, .cancelled: return false
            }
        case .editing, .confirmingStorePurchase, .declined, .failed, .succeeded: return false
        }
    }
}

/// The five screens, named for routing keys and for QA expectations (`expect screen: checkout`).
public enum ScreenID: String, Sendable, Hashable, CaseIterable {
    case paywall, plans, checkout, billing, settings
}
