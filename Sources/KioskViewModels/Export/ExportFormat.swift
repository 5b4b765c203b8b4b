public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case csv, json

    public var fileExtension: String { rawValue }
}
