/// A catalog converted from a StoreKit configuration, with every note about what was left out
/// or inferred, in catalog order (currency, plans, one-time products, settings).
public struct StoreKitImport: Hashable, Sendable {
    public var catalog: Catalog
    public var notes: [StoreKitImportNote]

    public init(catalog: Catalog, notes: [StoreKitImportNote]) {
        self.catalog = catalog
        self.notes = notes
    }

    /// The catalog file: a header naming the source and listing the notes as comments, then the
    /// catalog itself.
    public func yaml(sourceFile: String) -> String {
        var header = ["Imported from \(sourceFile) by `kiosk catalog import`.",
                      "Check it with `kiosk catalog validate FILE`; add features for the plan comparison table."]
        if !notes.isEmpty {
            header += ["", "Not imported or approximated:"] + notes.map { "- \($0)" }
        }
        return CatalogYAMLWriter.yaml(catalog, header: header)
    }
}
