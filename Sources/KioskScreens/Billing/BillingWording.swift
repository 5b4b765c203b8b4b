import KioskViewModels

/// Sentences the billing screen shows in both layouts.
enum BillingWording {
    /// "status: paid, year: 2026".
    static func filter(_ filter: InvoiceFilter) -> String {
        "status: \(filter.status?.rawValue ?? "all"), year: \(filter.year.map(String.init) ?? "all")"
    }

    /// "Invoice 12 of 40+" (the total is known only once the last page has been loaded).
    static func position(_ billing: BillingHistoryState) -> String {
        guard let window = billing.window else { return "" }
        guard let total = window.total else { return "Invoice \(billing.selection + 1) of \(window.endIndex)+" }
        return "Invoice \(billing.selection + 1) of \(total)"
    }

    /// Exporting, the outcome of the last export, or nil.
    static func export(_ billing: BillingHistoryState) -> String? {
        billing.isExporting ? "Exporting…" : billing.exportMessage
    }
}
