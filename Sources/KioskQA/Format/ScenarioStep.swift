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
