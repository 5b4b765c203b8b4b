import Yams

/// Walks a composed catalog document into the model, checking every value and every cross
/// reference (features, entitlements, products, currencies) with a position for each problem.
///
/// Sections are read in dependency order, not file order: currencies, entitlements and features
/// first, so plans and products can be checked against them wherever they appear in the file.
struct CatalogReader {
    var nodes: CatalogNodeReader
    /// The only `catalog:` format version this build reads.
    static let supportedFormat: Int64 = 1

    var baseCurrency: Currency?
    var currencies: [Currency] = []
    /// Ids as declared, even when the rest of their entry is broken, so one bad entry does not
    /// also make every reference to it an error.
    var entitlementIDs: [String: Mark?] = [:]
    var featureIDs: [String: Mark?] = [:]
    var featureKinds: [String: Feature.Kind] = [:]
    var productIDs: [String: Mark?] = [:]
    /// The catalog has no `entitlements:` list (the format's first shape): each entitlement a plan
    /// or product names is declared by that use, named by its id.
    var declaresEntitlementsByUse = false
    var entitlementsDeclaredByUse: [EntitlementDefinition] = []

    init(file: String, maskedKeys: [String: String]) {
        nodes = CatalogNodeReader(file: file, maskedKeys: maskedKeys)
    }

    mutating func read(_ root: Node) -> Catalog? {
        guard let top = nodes.fields(root, context: "the catalog", required: ["catalog", "name", "currency"],
                                     optional: ["currencies", "group", "bundle-id", "environment", "entitlements", "features", "plans",
                                                "products", "offer-codes"]) else { return nil }
        let format = top["catalog"].flatMap { readFormat($0) }
        let name = top["name"].flatMap { nodes.text($0, what: top.describe("name")) }
        baseCurrency = top["currency"].flatMap { readCurrency($0, what: top.describe("currency")) }
        if let node = top["currencies"] { readCurrencies(node) }
        let group = top["group"].map { nodes.identifier($0, what: top.describe("group")) } ?? "plans"
        let bundleID = top["bundle-id"].flatMap { readBundleID($0, what: top.describe("bundle-id")) }
        let environment = top["environment"].flatMap { readEnvironment($0, what: top.describe("environment")) }
        declaresEntitlementsByUse = top["entitlements"] == nil
        var entitlements = top["entitlements"].map { readEntitlements($0) } ?? []
        let features = top["features"].map { readFeatures($0) } ?? []
        let plans = top["plans"].map { readPlans($0) } ?? []
        let products = top["products"].map { readOneTimeProducts($0) } ?? []
        let offerCodes = top["offer-codes"].map { readOfferCodes($0) } ?? []
        if declaresEntitlementsByUse { entitlements = entitlementsDeclaredByUse }

        guard nodes.diagnostics.isEmpty, let format, let name, let baseCurrency, let group else { return nil }
        return Catalog(format: Int(format), name: name, currency: baseCurrency, currencies: currencies,
                       group: group, entitlements: entitlements, features: features, plans: plans,
                       products: products, offerCodes: offerCodes, bundleId: bundleID, environment: environment)
    }

    private mutating func readFormat(_ node: Node) -> Int64? {
        guard let version = nodes.integer(node, what: "'catalog' (the format version)") else { return nil }
        guard version == Self.supportedFormat else {
            nodes.error("unsupported catalog version \(version); this Kiosk reads catalog: \(Self.supportedFormat)",
                        at: node)
            return nil
        }
        return version
    }

    mutating func readCurrency(_ node: Node, what: String) -> Currency? {
        guard let code = nodes.identifier(node, what: what) else { return nil }
        guard let currency = Currency(code: code) else {
            nodes.error("unknown currency '\(code)' in \(what): not an ISO 4217 currency code", at: node)
            return nil
        }
        return currency
    }

    private mutating func readCurrencies(_ node: Node) {
        guard let items = nodes.sequence(node, what: "'currencies'") else { return }
        var seen: [Currency: Mark?] = [:]
        for item in items {
            guard let currency = readCurrency(item, what: "'currencies'") else { continue }
            if let first = seen[currency] {
                nodes.error("duplicate currency \(currency) in 'currencies'\(CatalogNodeReader.firstAt(first))",
                            at: item)
            } else if currency == baseCurrency {
                nodes.error("\(currency) is the base currency; 'currencies' lists the other storefront currencies",
                            at: item)
            } else {
                seen[currency] = item.mark
                currencies.append(currency)
            }
        }
    }

    /// Records an id in a namespace, reporting a repeat; returns false for a repeat.
    static func register(_ id: String, kind: String, at node: Node, in registry: inout [String: Mark?],
                         reporting nodes: inout CatalogNodeReader) -> Bool {
        if let first = registry[id] {
            nodes.error("duplicate \(kind) id '\(id)'\(CatalogNodeReader.firstAt(first))", at: node)
            return false
        }
        registry[id] = node.mark
        return true
    }

    /// Checks a reference to a declared entitlement.
    mutating func readEntitlementReference(_ node: Node, what: String) -> String? {
        guard let id = nodes.identifier(node, what: what) else { return nil }
        if entitlementIDs[id] != nil { return id }
        if declaresEntitlementsByUse {
            entitlementIDs[id] = node.mark
            entitlementsDeclaredByUse.append(EntitlementDefinition(id: id, name: id))
            nodes.note("entitlement '\(id)' in \(what) is declared by this use, named '\(id)', "
                       + "as the catalog has no 'entitlements:' list", at: node)
            return id
        }
        let declared = entitlementIDs.keys.sorted()
        let suggestion = NearestIdentifier.nearest(to: id, among: declared).map { "did you mean '\($0)'? " } ?? ""
        nodes.error("unknown entitlement '\(id)' in \(what); \(suggestion)declared entitlements: "
                    + (declared.isEmpty ? "none" : declared.joined(separator: ", ")), at: node)
        return nil
    }

    private mutating func readEntitlements(_ node: Node) -> [EntitlementDefinition] {
        guard let items = nodes.sequence(node, what: "'entitlements'") else { return [] }
        var result: [EntitlementDefinition] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("entitlement", of: item, index: index)
            guard let fields = nodes.fields(item, context: context, required: ["id", "name"]) else { continue }
            let id = fields["id"].flatMap { idNode in
                nodes.identifier(idNode, what: fields.describe("id")).flatMap {
                    Self.register($0, kind: "entitlement", at: idNode, in: &entitlementIDs,
                                  reporting: &nodes) ? $0 : nil
                }
            }
            let name = fields["name"].flatMap { nodes.text($0, what: fields.describe("name")) }
            if let id, let name { result.append(EntitlementDefinition(id: id, name: name)) }
        }
        return result
    }

    private mutating func readFeatures(_ node: Node) -> [Feature] {
        guard let items = nodes.sequence(node, what: "'features'") else { return [] }
        var result: [Feature] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("feature", of: item, index: index)
            guard let fields = nodes.fields(item, context: context, required: ["id", "name", "kind"],
                                            optional: ["period"]) else { continue }
            let id = fields["id"].flatMap { idNode in
                nodes.identifier(idNode, what: fields.describe("id")).flatMap {
                    Self.register($0, kind: "feature", at: idNode, in: &featureIDs, reporting: &nodes) ? $0 : nil
                }
            }
            let name = fields["name"].flatMap { nodes.text($0, what: fields.describe("name")) }
            let kind = fields["kind"].flatMap { readFeatureKind($0, what: fields.describe("kind")) }
            var period: ISODuration?
            if let periodNode = fields["period"] {
                if let kind, kind != .limit {
                    nodes.error("'period' only applies to limit features; \(context) is \(kind.rawValue)",
                                at: fields.keyNode("period") ?? periodNode)
                } else {
                    period = nodes.duration(periodNode, what: fields.describe("period"))
                }
            }
            if let id, let kind { featureKinds[id] = kind }
            if let id, let name, let kind { result.append(Feature(id: id, name: name, kind: kind, period: period)) }
        }
        return result
    }

    private mutating func readFeatureKind(_ node: Node, what: String) -> Feature.Kind? {
        guard let text = nodes.identifier(node, what: what) else { return nil }
        guard let kind = Feature.Kind(rawValue: text) else {
            let kinds = Feature.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            nodes.error("\(what) must be one of \(kinds), found '\(text)'", at: node)
            return nil
        }
        return kind
    }
}
