import PaymentsCore

/// Checks every catalog id a scenario names against the catalog it runs on, so a mistyped id is
/// refused with its line before anything runs: `paywall.select: nope.product` once passed and
/// bought whatever the paywall had selected (issue 41, item 20).
public enum ScenarioCatalogCheck {
    public static func problems(in scenario: Scenario, catalog: Catalog) -> [CatalogDiagnostic] {
        let known = KnownIDs(catalog)
        var problems: [CatalogDiagnostic] = []
        func check(_ id: String, _ kind: KnownIDs.Kind, line: Int, column: Int) {
            let ids = known.ids(kind)
            guard !ids.contains(id) else { return }
            problems.append(CatalogDiagnostic(file: scenario.file, line: line, column: column,
                                              message: "unknown \(kind.rawValue) '\(id)' (known: \(ids.joined(separator: ", ")))"))
        }
        for step in scenario.steps {
            switch step.kind {
            case let .act(action):
                guard let argument = action.argument, let kind = actionArguments[action.name] else { continue }
                check(argument, kind, line: step.line, column: step.column)
            case let .use(feature, _):
                check(feature, .feature, line: step.line, column: step.column)
            case let .expect(expectations):
                for expectation in expectations {
                    switch expectation.check {
                    case let .entitlement(id, _):
                        check(id, .entitlement, line: expectation.line, column: expectation.column)
                    case let .subscription(_, product?, _):
                        check(product, .product, line: expectation.line, column: expectation.column)
                    case let .usage(feature, _):
                        check(feature, .feature, line: expectation.line, column: expectation.column)
                    default:
                        continue
                    }
                }
            default:
                continue
            }
        }
        return problems
    }

    /// `act` names whose argument is a catalog id. Offer codes are left out: a flow may type a
    /// wrong code on purpose to see it refused.
    static let actionArguments: [String: KnownIDs.Kind] = ["paywall.select": .product, "plans.select": .plan]

    /// The ids of each kind a catalog declares, in catalog order.
    struct KnownIDs {
        enum Kind: String {
            case product, plan, entitlement, feature
        }

        let products: [String]
        let plans: [String]
        let entitlements: [String]
        let features: [String]

        init(_ catalog: Catalog) {
            products = catalog.plans.flatMap { $0.products.map(\.id) } + catalog.products.map(\.id)
            plans = catalog.plans.map(\.id)
            let granted = catalog.plans.compactMap(\.entitlement) + catalog.products.compactMap(\.entitlement)
            entitlements = (catalog.entitlements.map(\.id) + granted).reduce(into: []) { ids, id in
                if !ids.contains(id) { ids.append(id) }
            }
            features = catalog.features.map(\.id)
        }

        func ids(_ kind: Kind) -> [String] {
            switch kind {
            case .product: products
            case .plan: plans
            case .entitlement: entitlements
            case .feature: features
            }
        }
    }
}
