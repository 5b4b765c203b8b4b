/// Catalog ids made from StoreKit names, each unique within its namespace (plans, entitlements).
struct StoreKitIdentifiers {
    private var used: Set<String> = []

    /// `base`, or `base-2`, `base-3`… when it is taken.
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// "Studio Pro" → "studio-pro": lower-case ASCII letters and digits joined by hyphens; empty
    /// when the text has none (a name written only in Japanese), so callers supply a fallback.
    static func slug(_ text: String) -> String {
        var result = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !result.isEmpty { result += "-" }
                result.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return result
    }

    /// Whether the catalog loader accepts `text` as an id: not empty, no spaces or control
    /// characters (ids appear in commands and receipts).
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }
}
