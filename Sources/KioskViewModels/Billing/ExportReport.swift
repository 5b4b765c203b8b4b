public struct ExportReport: Hashable, Sendable {
    public var path: String
    public var count: Int

    public init(path: String, count: Int) {
        self.path = path
        self.count = count
    }
}
