import Yams

extension CatalogReader {
    mutating func readSubscriptionProducts(_ node: Node, plan: String) -> [SubscriptionProduct] {
        guard let items = nodes.sequence(node, what: "'products' of \(plan)") else { return [] }
        var result: [SubscriptionProduct] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("product", of: item, index: index)
            guard let fields = nodes.fields(item, context: context, required: ["id", "period", "price"],
                                            optional: ["prices", "intro"]) else { continue }
            let id = readProductID(fields)
            let period = fields["period"].flatMap { nodes.duration($0, what: fields.describe("period")) }
            let price = fields["price"].flatMap { nodes.amount($0, what: fields.describe("price")) }
            let prices = readPrices(fields, owner: context)
            let intro = fields["intro"].map { readIntroOffer($0, product: context) }
            if let id, let period, let price, intro != .some(nil) {
                result.append(SubscriptionProduct(id: id, period: period, price: price, prices: prices,
                                                  intro: intro ?? nil))
            }
        }
        return result
    }

    /// Product ids share one namespace across plans and one-time products: a purchase names
    /// only the id.
    private mutating func readProductID(_ fields: CatalogFields) -> String? {
        guard let node = fields["id"], let id = nodes.identifier(node, what: fields.describe("id")) else {
            return nil
        }
        return Self.register(id, kind: "product", at: node, in: &productIDs, reporting: &nodes) ? id : nil
    }

    private mutating func readIntroOffer(_ node: Node, product: String) -> IntroOffer? {
        let context = "the intro offer of \(product)"
        guard let fields = nodes.fields(node, context: context, required: ["type", "period"],
                                        optional: ["price", "prices", "periods"]) else { return nil }
        var type: IntroOffer.Kind?
        if let typeNode = fields["type"], let text = nodes.identifier(typeNode, what: fields.describe("type")) {
            type = IntroOffer.Kind(rawValue: text)
            if type == nil {
                let kinds = IntroOffer.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                nodes.error("\(fields.describe("type")) must be one of \(kinds), found '\(text)'", at: typeNode)
            }
        }
        let period = fields["period"].flatMap { nodes.duration($0, what: fields.describe("period")) }
        guard let type else { return nil }
        let periods = fields["periods"].map { nodes.int($0, what: fields.describe("periods"), minimum: 1,
                                                          maximum: CatalogLimits.maximumPeriods) }
        if let periodsNode = fields["periods"], type != .payAsYouGo, let count = periods ?? nil, count != 1 {
            nodes.error("'periods' only applies to pay-as-you-go offers; a \(type.rawValue) offer covers "
                        + "one period", at: fields.keyNode("periods") ?? periodsNode)
        }
        var price: Int64 = 0
        var prices: [String: Int64] = [:]
        if type == .freeTrial {
            if let priceNode = fields["price"], let amount = nodes.amount(priceNode, what: fields.describe("price")),
               amount != 0 {
                nodes.error("a free trial costs nothing: \(fields.describe("price")) must be 0 or left out",
                            at: priceNode)
            }
            if let pricesNode = fields["prices"] {
                if let mapping = pricesNode.mapping, mapping.allSatisfy({ CatalogScalar.isZero($0.value) }) {
                    prices = [:]
                } else {
                    nodes.error("a free trial costs nothing: leave out 'prices' in \(context)", at: pricesNode)
                }
            }
        } else {
            if let priceNode = fields["price"] {
                price = nodes.amount(priceNode, what: fields.describe("price")) ?? 0
            } else {
                nodes.error("missing required key 'price' in \(context) (a \(type.rawValue) offer has a price)",
                            at: node)
            }
            prices = readPrices(fields, owner: context)
        }
        guard let period, periods != .some(nil) else { return nil }
        return IntroOffer(type: type, period: period, price: price, prices: prices,
                          periods: periods.flatMap { $0 } ?? 1)
    }

    mutating func readOneTimeProducts(_ node: Node) -> [OneTimeProduct] {
        guard let items = nodes.sequence(node, what: "'products'") else { return [] }
        var result: [OneTimeProduct] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("product", of: item, index: index)
            let introMessage = "intro offers are only for subscription products; \(context) is a one-time "
                + "product (move it under a plan's 'products' or remove 'intro')"
            guard let fields = nodes.fields(item, context: context, required: ["id", "type", "name", "price"],
                                            optional: ["prices", "points", "duration", "entitlement"],
                                            misplaced: ["intro": introMessage]) else { continue }
            let id = readProductID(fields)
            var type: OneTimeProduct.Kind?
            if let typeNode = fields["type"], let text = nodes.identifier(typeNode, what: fields.describe("type")) {
                type = OneTimeProduct.Kind(rawValue: text)
                if type == nil {
                    let kinds = OneTimeProduct.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                    nodes.error("\(fields.describe("type")) must be one of \(kinds), found '\(text)'", at: typeNode)
                }
            }
            let name = fields["name"].flatMap { nodes.text($0, what: fields.describe("name")) }
            let price = fields["price"].flatMap { nodes.amount($0, what: fields.describe("price")) }
            let prices = readPrices(fields, owner: context)
            guard let type else { continue }
            let extras = readKindSpecificFields(fields, type: type, context: context)
            if let id, let name, let price, let extras {
                result.append(OneTimeProduct(id: id, type: type, name: name, price: price, prices: prices,
                                             points: extras.points, duration: extras.duration,
                                             entitlement: extras.entitlement))
            }
        }
        return result
    }

    private struct KindSpecificFields {
        var points: Int64?
        var duration: ISODuration?
        var entitlement: String?
    }

    /// Points only on consumables, a duration only on passes, an entitlement on everything that
    /// is not a consumable: each field is either required or wrong for a given kind.
    private mutating func readKindSpecificFields(_ fields: CatalogFields, type: OneTimeProduct.Kind,
                                                 context: String) -> KindSpecificFields? {
        var result = KindSpecificFields()
        var ok = true
        let kind = "\(context) is \(type.rawValue)"
        if let node = fields["points"] {
            if type == .consumable {
                result.points = nodes.integer(node, what: fields.describe("points"), minimum: 1)
                ok = ok && result.points != nil
            } else {
                nodes.error("'points' only applies to consumable products; \(kind)",
                            at: fields.keyNode("points") ?? node)
                ok = false
            }
        } else if type == .consumable {
            nodes.error("consumable \(context) needs 'points' (how many points one purchase credits)",
                        at: fields.node)
            ok = false
        }
        if let node = fields["duration"] {
            if type == .nonRenewing {
                result.duration = nodes.duration(node, what: fields.describe("duration"))
                ok = ok && result.duration != nil
            } else {
                nodes.error("'duration' only applies to non-renewing products; \(kind)",
                            at: fields.keyNode("duration") ?? node)
                ok = false
            }
        } else if type == .nonRenewing {
            nodes.error("non-renewing \(context) needs a 'duration' such as P3M (how long it lasts)",
                        at: fields.node)
            ok = false
        }
        if let node = fields["entitlement"] {
            if type == .consumable {
                nodes.error("'entitlement' does not apply to consumable products, which credit points; \(kind)",
                            at: fields.keyNode("entitlement") ?? node)
                ok = false
            } else {
                result.entitlement = readEntitlementReference(node, what: fields.describe("entitlement"))
                ok = ok && result.entitlement != nil
            }
        } else if type != .consumable {
            nodes.error("\(type.rawValue) \(context) needs an 'entitlement' (what the purchase unlocks)",
                        at: fields.node)
            ok = false
        }
        return ok ? result : nil
    }
}
