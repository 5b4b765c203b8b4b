import Foundation

/// Writes a `Catalog` as a catalog file in the format of `Resources/catalog.yaml`, readable and
/// loadable again by `CatalogLoader`: one flow mapping per product, quoting every text that
/// YAML could read as something else (`"true"`, `"12345"`, names with spaces or colons).
public enum CatalogYAMLWriter {
    /// `header` lines become `#` comments at the top of the file.
    public static func yaml(_ catalog: Catalog, header: [String] = []) -> String {
        var lines = header.map { $0.isEmpty ? "#" : "# " + comment($0) }
        lines.append("catalog: \(catalog.format)")
        lines.append("name: \(scalar(catalog.name))")
        lines.append("currency: \(catalog.currency.code)")
        if !catalog.currencies.isEmpty {
            lines.append("currencies: [\(catalog.currencies.map(\.code).joined(separator: ", "))]")
        }
        lines.append("group: \(scalar(catalog.group))")
        if let bundleID = catalog.bundleId { lines.append("bundle-id: \(scalar(bundleID))") }
        if let environment = catalog.environment { lines.append("environment: \(environment.rawValue)") }
        if !catalog.entitlements.isEmpty {
            lines += ["", "entitlements:"] + catalog.entitlements.map {
                "  - " + flow([("id", scalar($0.id)), ("name", scalar($0.name))])
            }
        }
        if !catalog.features.isEmpty {
            lines += ["", "features:"] + catalog.features.map { feature in
                var entries = [("id", scalar(feature.id)), ("name", scalar(feature.name)),
                              ("kind", feature.kind.rawValue)]
                if let period = feature.period { entries.append(("period", period.description)) }
                return "  - " + flow(entries)
            }
        }
        if !catalog.plans.isEmpty {
            lines += ["", "plans:"]
            for plan in catalog.plans { lines += planLines(plan, in: catalog) }
        }
        if !catalog.products.isEmpty {
            lines += ["", "products:"] + catalog.products.map { "  - " + flow(fields(of: $0)) }
        }
        if !catalog.offerCodes.isEmpty {
            lines += ["", "offer-codes:"] + catalog.offerCodes.map { "  - " + flow(fields(of: $0)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func planLines(_ plan: Plan, in catalog: Catalog) -> [String] {
        var lines = ["  - id: \(scalar(plan.id))", "    name: \(scalar(plan.name))", "    rank: \(plan.rank)"]
        if let tagline = plan.tagline { lines.append("    tagline: \(scalar(tagline))") }
        if let entitlement = plan.entitlement { lines.append("    entitlement: \(scalar(entitlement))") }
        if !plan.features.isEmpty {
            let declared = catalog.features.map(\.id)
            let order = declared.filter { plan.features[$0] != nil }
                + plan.features.keys.filter { !declared.contains($0) }.sorted()
            let values = order.compactMap { id in plan.features[id].map { (scalar(id), value($0)) } }
            lines.append("    features: " + flow(values))
        }
        if !plan.products.isEmpty {
            lines.append("    products:")
            lines += plan.products.map { "      - " + flow(fields(of: $0)) }
        }
        return lines
    }

    private static func fields(of product: SubscriptionProduct) -> [(String, String)] {
        var entries = [("id", scalar(product.id)), ("period", product.period.description),
                      ("price", "\(product.price)")]
        if !product.prices.isEmpty { entries.append(("prices", prices(product.prices))) }
        if let intro = product.intro { entries.append(("intro", flow(fields(of: intro)))) }
        return entries
    }

    private static func fields(of intro: IntroOffer) -> [(String, String)] {
        var entries = [("type", intro.type.rawValue), ("period", intro.period.description)]
        if intro.type != .freeTrial {
            entries.append(("price", "\(intro.price)"))
            if !intro.prices.isEmpty { entries.append(("prices", prices(intro.prices))) }
        }
        if intro.type == .payAsYouGo { entries.append(("periods", "\(intro.periods)")) }
        return entries
    }

    private static func fields(of product: OneTimeProduct) -> [(String, String)] {
        var entries = [("id", scalar(product.id)), ("type", product.type.rawValue), ("name", scalar(product.name)),
                      ("price", "\(product.price)")]
        if !product.prices.isEmpty { entries.append(("prices", prices(product.prices))) }
        if let points = product.points { entries.append(("points", "\(points)")) }
        if let duration = product.duration { entries.append(("duration", duration.description)) }
        if let entitlement = product.entitlement { entries.append(("entitlement", scalar(entitlement))) }
        return entries
    }

    private static func fields(of code: OfferCode) -> [(String, String)] {
        let discount = switch code.discount {
        case let .percent(percent): "{percent: \(percent)}"
        case let .amount(amount): "{amount: \(amount)}"
        }
        return [("code", scalar(code.code)), ("products", "[" + code.products.map(scalar).joined(separator: ", ") + "]"),
                ("discount", discount), ("expires", code.expires.formatted(.iso8601)), ("periods", "\(code.periods)")]
    }

    private static func value(_ value: FeatureValue) -> String {
        switch value {
        case let .limit(count): "\(count)"
        case .unlimited: "unlimited"
        case let .interval(duration): duration.description
        case let .flag(on): on ? "true" : "false"
        }
    }

    private static func prices(_ prices: [String: Int64]) -> String {
        flow(prices.keys.sorted().compactMap { code in prices[code].map { (scalar(code), "\($0)") } })
    }

    private static func flow(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Words YAML 1.1 reads as booleans or null when unquoted.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// Plain when the text is an unambiguous word or id (`pro.monthly`, `Free`), double-quoted
    /// otherwise.
    static func scalar(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, isLetter(first), !reserved.contains(text.lowercased()),
              scalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) })
        else { return QuotedString.of(text) }
        return text
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
    }

    /// A note can hold any text; a line break would end the comment and start YAML.
    private static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { CharacterSet.newlines.contains($0) ? " " : Character($0) })
    }
}
