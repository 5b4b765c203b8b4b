/// The offer fields of a signed transaction (`offerIdentifier`, `offerDiscountType`,
/// `offerPeriod`), worded as App Store payloads word them.
public struct TransactionOffer: Sendable {
    public var identifier: String?
    public var discountType: TransactionOfferDiscountType?
    public var period: String?

    public init() {}

    /// An introductory offer has no identifier in Apple's payloads, only its kind and period.
    public init(introductory intro: IntroOffer) {
        switch intro.type {
        case .freeTrial: discountType = .freeTrial
        case .payUpFront: discountType = .payUpFront
        case .payAsYouGo: discountType = .payAsYouGo
        }
        period = intro.period.description
    }

    /// An offer code: its code is the identifier. On a subscription it discounts `code.periods`
    /// billing periods (free when it takes everything off); on a one-time product it is a
    /// one-time discount with no period.
    public init(code: OfferCode, period billingPeriod: ISODuration?) {
        identifier = code.code
        guard let billingPeriod else {
            discountType = .oneTime
            return
        }
        discountType = code.discount == .percent(100) ? .freeTrial : .payAsYouGo
        period = billingPeriod.repeated(code.periods)?.description
    }
}
