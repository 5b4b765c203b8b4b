import PaymentsCore

/// The risk level Stripe Radar gives a payment (`outcome.risk_level`).
///
/// Kiosk applies Radar's default rules: a payment of the highest risk level is blocked, an
/// elevated one goes through (only Radar for Fraud Teams would queue it for review).
public enum RadarRiskLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case normal
    case elevated
    case highest
}
