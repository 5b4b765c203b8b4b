/// Where a screen's data is: every screen has these four, and `failed` always offers a retry.
public enum LoadPhase<Content: Equatable & Sendable>: Equatable, Sendable {
    case loading
    case loaded(Content)
    /// Loaded, but there is nothing to show; the screen words what to do next.
    case empty
    case failed(ScreenError)

    public var content: Content? {
        if case let .loaded(content) = self { content } else { nil }
    }

    public var isLoading: Bool { self == .loading }
}
