import KioskViewModels
import TerminalUI

/// The terminal's reducer: turns keys, clicks and resizes into app actions, and keeps the
/// terminal-only state (focus, scrolling, the quit question). The QA runner drives this same
/// reducer, so a scripted key press does exactly what a typed one does.
public struct TerminalFeature: Reducer {
    public let app: AppFeature
    /// How frames are drawn: billing's page of rows depends on it; the reducer draws none.
    public let context: RenderContext

    public init(app: AppFeature, context: RenderContext) {
        self.app = app
        self.context = context
    }

    public func reduce(into state: inout TerminalState, action: TerminalAction) -> Effect<TerminalAction> {
        switch action {
        case let .app(action):
            if case let .settings(.themeSelected(theme)) = action { state.pickedTheme = theme }
            let effect = app.reduce(into: &state.app, action: action).map(TerminalAction.app)
            state.followTypedField(action)
            state.reconcileUI()
            return .merge(effect, BillingScreen.followUp(&state, context: context))
        case let .resized(size):
            state.size = size
            return BillingScreen.followUp(&state, context: context)
        case let .clockTicked(date):
            state.ticks += 1
            guard state.app.checkout != nil else { return .none }
            return .send(.app(.checkout(.clockTicked(date))))
        case let .focus(id):
            state.focus(id)
            return .none
        case let .paste(text):
            guard state.isTypingInForm else { return .none }
            // Line breaks would submit the form; the rest types as keys would.
            let effects = text.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
                .map { self.key(.character($0), over: nil, &state) }
            return .merge(effects)
        case let .input(key, layout):
            state.adoptScroll(of: layout.scrollView)
            if case let .mouse(event) = key { return pointer(event, on: layout, &state) }
            return self.key(key, over: layout.scrollView, &state)
        case let .key(.mouse(event)):
            return pointer(event, on: FrameLayout(), &state)
        case let .key(key):
            return self.key(key, over: nil, &state)
        }
    }

    /// A key over the scrolling column of the last painted frame (`view`), if it had one.
    private func key(_ key: Key, over view: LineScrollView?, _ state: inout TerminalState) -> Effect<TerminalAction> {
        if state.isConfirmingQuit {
            switch key {
            case .character("y"), .character("Y"), .enter: state.hasQuit = true
            case .character("n"), .character("N"), .escape, .backspace: state.isConfirmingQuit = false
            default: break
            }
            return .none
        }
        if state.isTooSmall {
            if key == .character("q") { state.hasQuit = true }
            return .none
        }
        if state.app.isHelpShown {
            return helpKey(key, &state)
        }
        if let effect = state.scrollKey(key, view: view) { return effect }
        if let effect = ScreenKeys.handle(key, &state) { return effect }
        return globalKey(key, &state)
    }

    /// Keys every screen shares, applied only when the screen on top did not take the key.
    private func globalKey(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction> {
        switch key {
        case let .character(character):
            if let tab = Self.tabKeys[character] {
                guard !state.isPaymentInFlight else { return .none }
                return .send(.app(.selectTab(tab)))
            }
            switch character {
            case "?":
                state.helpOffset = 0
                return .send(.app(.toggleHelp))
            case "q":
                if state.isPaymentInFlight {
                    state.isConfirmingQuit = true
                } else {
                    state.hasQuit = true
                }
                return .none
            default:
                return .none
            }
        case .escape, .backspace:
            return .send(.app(.back))
        default:
            return .none
        }
    }

    private func helpKey(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction> {
        switch key {
        case .character("?"), .character("q"), .escape, .backspace, .enter:
            return .send(.app(.toggleHelp))
        case .down, .character("j"): state.helpOffset += 1
        case .up, .character("k"): state.helpOffset = max(0, state.helpOffset - 1)
        case .pageDown: state.helpOffset += max(1, state.size.height - 6)
        case .pageUp: state.helpOffset = max(0, state.helpOffset - max(1, state.size.height - 6))
        case .home: state.helpOffset = 0
        default: break
        }
        return .none
    }

    /// Resolves a mouse event against the layout of the frame the person saw.
    private func pointer(_ event: MouseEvent, on layout: FrameLayout<TerminalAction>,
                         _ state: inout TerminalState) -> Effect<TerminalAction> {
        switch event.action {
        case .scrollUp, .scrollDown:
            if !state.app.isHelpShown, !state.isConfirmingQuit, let effect = state.wheel(event, over: layout.scrollView) {
                return effect
            }
            return key(event.action == .scrollUp ? .up : .down, over: layout.scrollView, &state)
        case .press:
            switch layout.action(at: event.position) {
            case nil: return .none
            case let .key(key): return self.key(key, over: layout.scrollView, &state)
            case let action?: return reduce(into: &state, action: action)
            }
        }
    }

    static let tabKeys: [Character: AppTab] = ["1": .paywall, "2": .plans, "3": .billing, "4": .settings]
}

/// Offers a key to the screen on top; nil means the screen left it to the global keys.
enum ScreenKeys {
    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        if state.app.sessionFailure != nil { return SessionFailureView.handle(key, state) }
        return switch state.screen {
        case .paywall: PaywallScreen.handle(key, &state)
        case .plans: PlansScreen.handle(key, &state)
        case .checkout: CheckoutScreen.handle(key, &state)
        case .billing: BillingScreen.handle(key, &state)
        case .settings: SettingsScreen.handle(key, &state)
        }
    }
}
