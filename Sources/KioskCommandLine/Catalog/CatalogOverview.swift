import Foundation
import PaymentsCore

/// The human-readable `kiosk catalog show`: plans by rank with their prices, one-time products,
/// the feature comparison table, entitlements and offer codes.
struct CatalogOverview {
    let catalog: Catalog
    let source: CatalogSource

    private static let locale = Locale(identifier: "en_US")

    var text: String {
        var lines = header + [""] + plans + [""] + oneTimeProducts + [""] + features + [""] + entitlements
        if !catalog.offerCodes.isEmpty { lines += [""] + offerCodes }
        return lines.joined(separator: "\n") + "\n"
    }

    private var header: [String] {
        let others = catalog.currencies.isEmpty
            ? "" : ", also sold in " + catalog.currencies.map(\.code).joined(separator: ", ")
        return [
            catalog.name,
            "  from \(source.displayName) (\(source.origin.rawValue))",
            "  catalog format \(catalog.format), subscription group \"\(catalog.group)\", "
                + "prices in \(catalog.currency.code)\(others)",
        ]
    }

    private var plans: [String] {
        var lines = ["Plans"]
        let width = catalog.plans.flatMap(\.products).map(\.id.count).max() ?? 0
        for plan in catalog.plans {
            var title = "  \(plan.rank)  \(plan.name) (\(plan.id))"
            if let entitlement = plan.entitlement { title += ", grants \(entitlement)" }
            lines.append(title)
            if let tagline = plan.tagline { lines.append("       \(tagline)") }
            if plan.products.isEmpty { lines.append("       no purchase needed") }
            for product in plan.products {
                lines.append("       " + pad(product.id, width) + "  " + describe(product, in: plan))
            }
        }
        return lines
    }

    private func describe(_ product: SubscriptionProduct, in plan: Plan) -> String {
        let base = money(product.price)
        var text = "\(base.formatted(locale: Self.locale))/\(CatalogDurationWording.per(product.period))"
        if let equivalent = catalog.monthlyEquivalent(of: product, in: plan, currency: catalog.currency) {
            text += " (\(equivalent.perMonth.formatted(locale: Self.locale))/month"
            if let saving = equivalent.savingPercent { text += ", save \(saving)%" }
            text += ")"
        }
        text += otherCurrencies(product.prices)
        if let intro = product.intro { text += "; intro: " + describe(intro) }
        return text
    }

    private func describe(_ intro: IntroOffer) -> String {
        let length = CatalogDurationWording.length(intro.period)
        let price = money(intro.price).formatted(locale: Self.locale)
        switch intro.type {
        case .freeTrial:
            return "\(length) free trial"
        case .payUpFront:
            return "\(price) up front for \(length)" + otherCurrencies(intro.prices)
        case .payAsYouGo:
            return "\(price)/\(CatalogDurationWording.per(intro.period)) for \(intro.periods) "
                + "period\(intro.periods == 1 ? "" : "s")" + otherCurrencies(intro.prices)
        }
    }

    private var oneTimeProducts: [String] {
        guard !catalog.products.isEmpty else { return ["One-time products: none"] }
        let rows = catalog.products.map { product -> [String] in
            let detail = switch product.type {
            case .consumable: "consumable, \(product.points ?? 0) point\(product.points == 1 ? "" : "s")"
            case .nonConsumable: "non-consumable, unlocks \(product.entitlement ?? "nothing")"
            case .nonRenewing:
                "non-renewing, \(product.entitlement ?? "nothing") for "
                    + (product.duration.map(CatalogDurationWording.length) ?? "")
            }
            return [product.id, product.name, money(product.price).formatted(locale: Self.locale),
                    detail + otherCurrencies(product.prices)]
        }
        return ["One-time products"] + table(rows)
    }

    private var features: [String] {
        guard !catalog.features.isEmpty else { return ["Features: none"] }
        let heading = ["Features"] + catalog.plans.map(\.name)
        let rows = catalog.features.map { feature in
            ["  " + feature.name] + catalog.plans.map { plan in
                plan.features[feature.id].map(describe) ?? "-"
            }
        }
        return table([heading] + rows, indent: "")
    }

    private func describe(_ value: FeatureValue) -> String {
        switch value {
        case let .limit(count): "\(count)"
        case .unlimited: "unlimited"
        case let .interval(duration): CatalogDurationWording.length(duration)
        case let .flag(on): on ? "yes" : "no"
        }
    }

    private var entitlements: [String] {
        guard !catalog.entitlements.isEmpty else { return ["Entitlements: none"] }
        return ["Entitlements"] + table(catalog.entitlements.map { [$0.id, $0.name] })
    }

    private var offerCodes: [String] {
        let formatter = ISO8601DateFormatter()
        let rows = catalog.offerCodes.map { code -> [String] in
            let discount = switch code.discount {
            case let .percent(percent): "\(percent)% off"
            case let .amount(amount): "\(money(amount).formatted(locale: Self.locale)) off"
            }
            let periods = code.periods == 1 ? "" : " for \(code.periods) periods"
            return [code.code, "\(discount) \(code.products.joined(separator: ", "))\(periods)",
                    "expires \(formatter.string(from: code.expires))"]
        }
        return ["Offer codes"] + table(rows)
    }

    private func money(_ minorUnits: Int64) -> Money {
        Money(minorUnits: minorUnits, currency: catalog.currency)
    }

    /// " (€9.99, £8.99, ¥1,500)" in the order of `currencies`; empty when there are none.
    private func otherCurrencies(_ prices: [String: Int64]) -> String {
        let amounts = catalog.currencies.compactMap { currency in
            prices[currency.code].map { Money(minorUnits: $0, currency: currency).formatted(locale: Self.locale) }
        }
        return amounts.isEmpty ? "" : " [" + amounts.joined(separator: ", ") + "]"
    }

    /// Left-aligned columns, two spaces apart; the last column is not padded.
    private func table(_ rows: [[String]], indent: String = "  ") -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : pad(cell, widths[index])
            }
            return indent + cells.joined(separator: "  ")
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
