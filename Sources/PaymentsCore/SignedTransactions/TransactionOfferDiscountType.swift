/// How a redeemed offer discounts the price, spelled as App Store payloads spell `offerDiscountType`.
public enum TransactionOfferDiscountType: String, Codable, Sendable, CaseIterable {
    case freeTrial = "FREE_TRIAL"
    case payAsYouGo = "PAY_AS_YOU_GO"
    case payUpFront = "PAY_UP_FRONT"
    case oneTime = "ONE_TIME"
}
