/// An export the person asked for, kept while the screen asks whether to replace the file
/// already there, so answering yes writes exactly what was asked.
public struct ExportRequest: Hashable, Sendable {
    public var format: ExportFormat
    public var directory: String

    public init(format: ExportFormat, directory: String) {
        self.format = format
        self.directory = directory
    }

    /// "invoices.csv": one name per format, so a second export of the same kind replaces the first.
    public var fileName: String { "invoices.\(format.fileExtension)" }
}
