import Yams

extension CatalogReader {
    /// A priced item's `prices` overrides, checked against `currencies`: each key a listed
    /// ISO 4217 code, each value integer minor units, and no listed currency left out.
    mutating func readPrices(_ fields: CatalogFields, owner: String) -> [String: Int64] {
        var prices: [String: Int64] = [:]
        // Currencies written down, valid amount or not: a bad amount is its own problem, not
        // also a missing price.
        var given: Set<String> = []
        if let node = fields["prices"] {
            if let mapping = node.mapping {
                var seen: [String: Mark?] = [:]
                for (keyNode, value) in mapping {
                    guard let currency = readCurrency(keyNode, what: "'prices' of \(owner)") else { continue }
                    if let first = seen[currency.code] {
                        nodes.error("duplicate key '\(currency)' in 'prices' of \(owner)"
                                    + CatalogNodeReader.firstAt(first), at: keyNode)
                        continue
                    }
                    seen[currency.code] = keyNode.mark
                    given.insert(currency.code)
                    if currency == baseCurrency {
                        nodes.error("\(currency) is the base currency: set it with 'price', not in 'prices'",
                                    at: keyNode)
                    } else if !currencies.contains(currency) {
                        nodes.error("\(currency) in 'prices' of \(owner) is not listed in 'currencies'; "
                                    + "add it there or remove this price", at: keyNode)
                    }
                    if let amount = nodes.amount(value, what: "the \(currency) price of \(owner)") {
                        prices[currency.code] = amount
                    }
                }
            } else {
                nodes.error("'prices' of \(owner) must be a mapping of currency codes to amounts, "
                            + "found \(nodes.found(node))", at: node)
                return prices
            }
        }
        let missing = currencies.filter { !given.contains($0.code) }.map(\.code)
        if !missing.isEmpty {
            let listed = currencies.map(\.code).joined(separator: ", ")
            nodes.error("\(owner) has no price in \(missing.joined(separator: ", ")); every priced item needs "
                        + "a 'prices' entry for each currency in 'currencies' (\(listed))",
                        at: fields["prices"] ?? fields.node)
        }
        return prices
    }
}
