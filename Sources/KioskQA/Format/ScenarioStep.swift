import PaymentsCore
import TerminalUI

/// One step with the place it was written, so a failure points at its line.
public struct ScenarioStep: Sendable {
    public var line: Int
    public var column: Int
    public var kind: Kind

    public init(line: Int, column: Int, kind: Kind) {
        self.line = line
        self.column = column
        self.kind = kind
    }

    public enum Kind: Sendable {
        case press([Key])
        case type(String)
        case act(ScenarioAction)
        case advance(ISODuration)
        case set([StoreSettingChange])
        case webhook(WebhookCommand)
        case approve(PendingAction.Kind)
        case decline(PendingAction.Kind)
        case browser(BrowserAnswer)
        case priceIncrease(Int64)
        case use(feature: String, times: Int)
        case signIn(CustomerSetup)
        case resize(Size)
        case expect([Expectation])
        case snapshot(String)
        /// Demo only: starts a chapter with a caption banner; the runner just records it.
        case chapter(String)
        case caption(String)
    }

    /// The step's name as written in the file, for reports and transcripts.
    public var name: String {
        switch kind {
        case .press: "press"
        case .type: "type"
        case .act: "act"
        case .advance: "advance"
        case .set: "set"
        case .webhook: "webhook"
        case .approve: "approve"
        case .decline: "decline"
        case .browser: "browser"
        case .priceIncrease: "price-increase"
        case .use: "use"
        case .signIn: "sign-in"
        case .resize: "resize"
        case .expect: "expect"
        case .snapshot: "snapshot"
        case .chapter: "chapter"
        case .caption: "caption"
        }
    }
}

/// A `browser` step: what the customer does on the hosted checkout page the next time the app
/// waits for it. The runner's in-process checkout page stands in for the browser.
public enum BrowserAnswer: Sendable, Hashable {
    /// Pays with this test card number.
    case pay(card: String)
    /// Presses the page's cancel link.
    case cancel
    /// Closes the tab: the app keeps waiting until the customer gives up or the session expires.
    case abandon
}

/// An `act` step: a view-model action by its vocabulary name, with its argument as written.
public struct ScenarioAction: Sendable, Hashable {
    public var name: String
    public var argument: String?

    public init(name: String, argument: String? = nil) {
        self.name = name
        self.argument = argument
    }
}

/// A `webhook` step: what the hosted-checkout provider's outbox does next. Deliveries are
/// picked by position among the ones not yet delivered (`last`, `first`, or a 1-based index).
public enum WebhookCommand: Sendable, Hashable {
    /// Sends every due delivery to the app's webhook endpoint (in process), signed as the provider signs.
    case deliver
    case delay(WebhookPick, ISODuration)
    case drop(WebhookPick)
    case duplicate(WebhookPick)
    /// Queues an already delivered message again (by position among all deliveries).
    case replay(WebhookPick)
    /// Reverses the order of the waiting deliveries, so later events arrive first.
    case reverse
}
