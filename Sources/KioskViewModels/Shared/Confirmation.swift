/// A modal question the app shell shows over the current screen.
public struct Confirmation: Hashable, Sendable {
    public var title: String
    public var message: String
    public var confirmTitle: String
    public var cancelTitle: String

    public init(title: String, message: String, confirmTitle: String, cancelTitle: String = "Keep") {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
    }
}
