import Yams

/// The catalog's settings for signed transactions: `bundle-id` and `environment`.
extension CatalogReader {
    /// A bundle id as Apple allows them: letters, digits, `-` and `.`, not starting or ending with `.`.
    mutating func readBundleID(_ node: Node, what: String) -> String? {
        guard let id = nodes.identifier(node, what: what) else { return nil }
        let allowed = id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") }
        guard allowed, !id.hasPrefix("."), !id.hasSuffix("."), !id.contains("..") else {
            nodes.error("\(what) must be a bundle id such as dev.kiosk.store (letters, digits, '-' and '.'), found '\(id)'",
                        at: node)
            return nil
        }
        return id
    }

    mutating func readEnvironment(_ node: Node, what: String) -> TransactionEnvironment? {
        guard let text = nodes.identifier(node, what: what) else { return nil }
        guard let environment = TransactionEnvironment(rawValue: text) else {
            let names = TransactionEnvironment.allCases.map(\.rawValue).joined(separator: ", ")
            nodes.error("\(what) must be one of \(names), found '\(text)'", at: node)
            return nil
        }
        return environment
    }
}
