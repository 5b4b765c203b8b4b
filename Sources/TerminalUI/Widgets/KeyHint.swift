/// One entry of the status bar, such as `q quit`.
public struct KeyHint: Sendable, Hashable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}
