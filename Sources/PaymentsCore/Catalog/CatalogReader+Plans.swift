import Yams

extension CatalogReader {
    mutating func readPlans(_ node: Node) -> [Plan] {
        guard let items = nodes.sequence(node, what: "'plans'") else { return [] }
        var planIDs: [String: Mark?] = [:]
        var ranks: [Int: String] = [:]
        var result: [Plan] = []
        for (index, item) in items.enumerated() {
            let context = nodes.label("plan", of: item, index: index)
            guard let fields = nodes.fields(item, context: context, required: ["id", "name", "rank"],
                                            optional: ["tagline", "entitlement", "features", "products"])
            else { continue }
            let id = fields["id"].flatMap { idNode in
                nodes.identifier(idNode, what: fields.describe("id")).flatMap {
                    Self.register($0, kind: "plan", at: idNode, in: &planIDs, reporting: &nodes) ? $0 : nil
                }
            }
            let name = fields["name"].flatMap { nodes.text($0, what: fields.describe("name")) }
            var rank: Int?
            if let rankNode = fields["rank"], let value = nodes.int(rankNode, what: fields.describe("rank")) {
                if let holder = ranks[value] {
                    nodes.error("rank \(value) is already used by \(holder); plan ranks must be unique", at: rankNode)
                } else {
                    ranks[value] = context
                    rank = value
                }
            }
            let tagline = fields["tagline"].map { nodes.text($0, what: fields.describe("tagline")) }
            let entitlement = fields["entitlement"].map {
                readEntitlementReference($0, what: fields.describe("entitlement"))
            }
            let features = readPlanFeatures(fields, context: context)
            let products = fields["products"].map { readSubscriptionProducts($0, plan: context) } ?? []
            if let id, let name, let rank, let features, tagline != .some(nil), entitlement != .some(nil) {
                result.append(Plan(id: id, name: name, rank: rank, entitlement: entitlement ?? nil,
                                   tagline: tagline ?? nil, features: features, products: products))
            }
        }
        return result.sorted { $0.rank < $1.rank }
    }

    /// The plan's value for every declared feature, each fitting its feature's kind.
    private mutating func readPlanFeatures(_ fields: CatalogFields, context: String) -> [String: FeatureValue]? {
        var values: [String: FeatureValue] = [:]
        var ok = true
        var given: Set<String> = []
        if let node = fields["features"] {
            guard let mapping = node.mapping else {
                nodes.error("'features' of \(context) must be a mapping of feature ids to values, "
                            + "found \(nodes.found(node))", at: node)
                return nil
            }
            var seen: [String: Mark?] = [:]
            for (keyNode, valueNode) in mapping {
                guard let raw = keyNode.scalar?.string else {
                    nodes.error("feature keys in \(context) must be feature ids, found \(nodes.found(keyNode))",
                                at: keyNode)
                    ok = false
                    continue
                }
                let featureID = nodes.maskedKeys[raw] ?? raw
                if let first = seen[featureID] {
                    nodes.error("duplicate key '\(featureID)' in 'features' of \(context)"
                                + CatalogNodeReader.firstAt(first), at: keyNode)
                    ok = false
                    continue
                }
                seen[featureID] = keyNode.mark
                given.insert(featureID)
                guard featureIDs[featureID] != nil else {
                    let declared = featureIDs.keys.sorted().joined(separator: ", ")
                    nodes.error("\(context) sets unknown feature '\(featureID)'; declared features: "
                                + (declared.isEmpty ? "none" : declared), at: keyNode)
                    ok = false
                    continue
                }
                guard let kind = featureKinds[featureID] else { continue }
                if let value = readFeatureValue(valueNode, kind: kind, feature: featureID, plan: context) {
                    values[featureID] = value
                } else {
                    ok = false
                }
            }
        }
        let missing = featureIDs.keys.filter { !given.contains($0) }
            .sorted { (featureIDs[$0]??.line ?? 0) < (featureIDs[$1]??.line ?? 0) }
        if !missing.isEmpty {
            nodes.error("\(context) has no value for feature\(missing.count == 1 ? "" : "s") "
                        + missing.joined(separator: ", ") + "; a plan must give every feature a value",
                        at: fields["features"] ?? fields.node)
            ok = false
        }
        return ok ? values : nil
    }

    private mutating func readFeatureValue(_ node: Node, kind: Feature.Kind, feature: String,
                                           plan: String) -> FeatureValue? {
        let scalar = node.scalar.map(CatalogScalar.init)
        switch (kind, scalar) {
        case let (.limit, .integer(count)?) where (0...CatalogLimits.maximumCount).contains(count):
            return .limit(Int(truncatingIfNeeded: count))
        case let (.limit, .integer(count)?) where count > CatalogLimits.maximumCount:
            nodes.error("feature '\(feature)' in \(plan) must be at most \(CatalogLimits.maximumCount), found \(count)",
                        at: node)
            return nil
        case (.limit, .text("unlimited", _)?):
            return .unlimited
        case let (.interval, .text(text, _)?):
            if let duration = ISODuration(text) {
                guard duration.isWithinAcceptedLength else {
                    nodes.error(CatalogNodeReader.tooLong("feature '\(feature)' in \(plan)", duration), at: node)
                    return nil
                }
                return .interval(duration)
            }
        case let (.flag, .bool(on)?):
            return .flag(on)
        default:
            break
        }
        let wanted = switch kind {
        case .limit: "a non-negative integer or 'unlimited'"
        case .interval: "an ISO 8601 duration such as PT24H"
        case .flag: "true or false"
        }
        nodes.error("feature '\(feature)' in \(plan) is a \(kind.rawValue): expected \(wanted), "
                    + "found \(nodes.found(node))", at: node)
        return nil
    }
}
