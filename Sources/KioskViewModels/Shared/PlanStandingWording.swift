import Foundation
import PaymentsCore

/// The words for "what plan am I on?", the same on the paywall, the plan comparison, the
/// account card and `kiosk status`, all from the core's `PlanStanding`.
public enum PlanStandingWording {
    /// "Free", "Pro, renews Feb 1, 2026", "Pro, ends Feb 1, 2026", "Pro, in a grace period until
    /// Jan 17, 2026", "Pro from Season pass, until Apr 1, 2026", "Pro from Theme pack, lifetime".
    public static func standing(_ standing: PlanStanding) -> String {
        let name = standing.planName
        switch standing.basis {
        case .free:
            return name
        case let .subscription(_, state, willRenew, until):
            guard let until else { return name }
            if state == .inGracePeriod { return "\(name), in a grace period until \(DateWording.day(until))" }
            return "\(name), \(willRenew ? "renews" : "ends") \(DateWording.day(until))"
        case let .pass(_, productName, until):
            return "\(name) from \(productName)" + (until.map { ", until \(DateWording.day($0))" } ?? "")
        case let .unlock(_, productName):
            return "\(name) from \(productName), lifetime"
        }
    }

    /// The warning before selling access the account already has, nil when nothing is duplicated:
    /// "You already have Premium from Season pass until Apr 1, 2026."
    public static func duplicate(entitlementID: String, catalog: Catalog, entitlements: [Entitlement]) -> String? {
        guard let held = entitlements.first(where: { $0.id == entitlementID }) else { return nil }
        let name = catalog.entitlements.first { $0.id == entitlementID }?.name ?? entitlementID
        let source: String = switch held.source {
        case let .subscription(_, productID, _):
            if case let .subscription(plan, _)? = catalog.product(id: productID) { "your \(plan.name) subscription" } else { productID }
        case let .nonRenewing(productID), let .nonConsumable(productID):
            catalog.products.first { $0.id == productID }?.name ?? productID
        }
        let until = held.expiresAt.map { " until \(DateWording.day($0))" } ?? ""
        return "You already have \(name) from \(source)\(until)."
    }
}
