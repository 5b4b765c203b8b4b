import Foundation
import Yams

extension CatalogReader {
    mutating func readOfferCodes(_ node: Node) -> [OfferCode] {
        guard let items = nodes.sequence(node, what: "'offer-codes'") else { return [] }
        var codes: [String: Mark?] = [:]
        var result: [OfferCode] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("offer code", of: item, index: index, idKey: "code")
            guard let fields = nodes.fields(item, context: context,
                                            required: ["code", "products", "discount", "expires"],
                                            optional: ["periods"]) else { continue }
            var code: String?
            if let codeNode = fields["code"], let text = nodes.identifier(codeNode, what: fields.describe("code")) {
                code = Self.register(text.uppercased(), kind: "offer code", at: codeNode, in: &codes,
                                     reporting: &nodes)
                    ? text.uppercased() : nil
            }
            let products = fields["products"].flatMap { readProductReferences($0, context: context) }
            let discount = fields["discount"].flatMap { readDiscount($0, context: context) }
            let expires = fields["expires"].flatMap { readExpiry($0, what: fields.describe("expires")) }
            let periods = fields["periods"].map { nodes.int($0, what: fields.describe("periods"), minimum: 1,
                                                          maximum: CatalogLimits.maximumPeriods) }
            if let code, let products, let discount, let expires, periods != .some(nil) {
                result.append(OfferCode(code: code, products: products, discount: discount, expires: expires,
                                        periods: periods.flatMap { $0 } ?? 1))
            }
        }
        return result
    }

    private mutating func readProductReferences(_ node: Node, context: String) -> [String]? {
        guard let items = nodes.sequence(node, what: "'products' of \(context)") else { return nil }
        guard !items.isEmpty else {
            nodes.error("'products' of \(context) must name at least one product", at: node)
            return nil
        }
        var ids: [String] = []
        var ok = true
        for item in items {
            guard let id = nodes.identifier(item, what: "a product in \(context)") else {
                ok = false
                continue
            }
            if productIDs[id] == nil {
                nodes.error("\(context) names unknown product '\(id)'", at: item)
                ok = false
            } else if ids.contains(id) {
                nodes.error("\(context) names product '\(id)' twice", at: item)
                ok = false
            }
            ids.append(id)
        }
        return ok ? ids : nil
    }

    private mutating func readDiscount(_ node: Node, context: String) -> OfferCode.Discount? {
        let what = "the discount of \(context)"
        guard let fields = nodes.fields(node, context: what, required: [], optional: ["percent", "amount"]) else {
            return nil
        }
        switch (fields["percent"], fields["amount"]) {
        case let (percentNode?, nil):
            guard let percent = nodes.integer(percentNode, what: fields.describe("percent")) else { return nil }
            guard (1...100).contains(percent) else {
                nodes.error("\(fields.describe("percent")) must be between 1 and 100, found \(percent)",
                            at: percentNode)
                return nil
            }
            return .percent(Int(percent))
        case let (nil, amountNode?):
            guard let amount = nodes.amount(amountNode, what: fields.describe("amount")) else { return nil }
            guard amount > 0 else {
                nodes.error("\(fields.describe("amount")) must be more than 0", at: amountNode)
                return nil
            }
            return .amount(amount)
        case (_?, _?):
            nodes.error("\(what) takes either 'percent' or 'amount', not both", at: node)
        case (nil, nil):
            nodes.error("\(what) needs 'percent' (1-100) or 'amount' (minor units of the base currency)", at: node)
        }
        return nil
    }

    private mutating func readExpiry(_ node: Node, what: String) -> Date? {
        if let scalar = node.scalar, let date = CatalogTimestamp.parse(scalar.string) { return date }
        nodes.error("\(what) must be an ISO 8601 timestamp such as 2030-12-31T23:59:59Z, found \(nodes.found(node))",
                    at: node)
        return nil
    }
}
