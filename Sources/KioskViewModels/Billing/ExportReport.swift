public struct ExportReport: Hashable, Sendable {
    public var path: String
    public var count: Int
    /// Why the folder could not be kept as the next export's default (the export itself was written).
    public var folderNotRemembered: String?

    public init(path: String, count: Int, folderNotRemembered: String? = nil) {
        self.path = path
        self.count = count
        self.folderNotRemembered = folderNotRemembered
    }
}
