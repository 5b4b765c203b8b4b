import Foundation
import PaymentsCore

extension OrderSummary {
    /// The summary of buying `productID`, or nil when the catalog does not sell it in the
    /// account's currency. The core computes the real invoice; this mirrors its rules so the
    /// customer sees the same figures before paying.
    static func make(productID: String, data: CheckoutData, promo: OfferCode?) -> OrderSummary? {
        guard var summary = priced(productID: productID, data: data, promo: promo) else { return nil }
        summary.takeBalance(data)
        let granted: String? = switch data.catalog.product(id: productID) {
        case let .subscription(plan, _)?: plan.entitlement
        case let .oneTime(item)?: item.entitlement
        case nil: nil
        }
        if data.planChange == nil, let granted {
            summary.duplicateWarning = PlanStandingWording.duplicate(entitlementID: granted, catalog: data.catalog,
                                                                     entitlements: data.entitlements)
        }
        return summary
    }

    private static func priced(productID: String, data: CheckoutData, promo: OfferCode?) -> OrderSummary? {
        let catalog = data.catalog
        let currency = data.account.currency
        guard let product = catalog.product(id: productID) else { return nil }
        let promoText = promo.map { "\($0.code): \(Self.wording($0.discount, currency: currency)) off" }
        switch product {
        case let .oneTime(item):
            guard let price = catalog.price(base: item.price, overrides: item.prices, in: currency) else { return nil }
            return OrderSummary(productName: ProductWording.name(of: item), periodText: "\(price.formatted()) once", introOfferText: nil, promoText: promoText,
                                prorationCredit: nil, totalDueToday: discounted(price, by: promo), nextChargeDate: nil,
                                nextChargeAmount: nil, currency: currency)
        case let .subscription(plan, subscription):
            guard let price = catalog.price(base: subscription.price, overrides: subscription.prices, in: currency) else {
                return nil
            }
            var summary = OrderSummary(productName: ProductWording.name(productID, in: catalog),
                                       periodText: PriceWording.recurring(price, every: subscription.period),
                                       introOfferText: nil, promoText: promoText, prorationCredit: nil,
                                       totalDueToday: discounted(price, by: promo),
                                       nextChargeDate: try? subscription.period.advance(data.now),
                                       nextChargeAmount: promo.map { $0.periods > 1 ? discounted(price, by: $0) : price } ?? price,
                                       currency: currency)
            if let preview = data.planChange {
                summary.prorationCredit = preview.creditForUnusedTime
                summary.totalDueToday = preview.chargeNow
                summary.nextChargeDate = preview.nextChargeDate
                summary.nextChargeAmount = preview.nextChargeAmount
            } else if data.eligibleForIntroOffer, let offer = subscription.intro,
                      let introPrice = catalog.price(base: offer.price, overrides: offer.prices, in: currency) {
                summary.introOfferText = PriceWording.introOffer(offer, introPrice: introPrice, regular: price,
                                                                 every: subscription.period)
                summary.totalDueToday = introPrice
                summary.nextChargeDate = try? offer.period.advance(data.now)
                summary.nextChargeAmount = offer.type == .payAsYouGo && offer.periods > 1 ? introPrice : price
            }
            return summary
        }
    }

    /// The account balance pays first, today and then at the next charge, as every charge of
    /// the core takes it (`PaymentSplit`); a plan change's preview has taken it already.
    private mutating func takeBalance(_ data: CheckoutData) {
        if let preview = data.planChange {
            let split = PaymentSplit(fromBalance: preview.appliedBalance, onCard: preview.chargeNow)
            balanceSplit = split.fromBalance.isZero ? nil : split
            return
        }
        let today = PaymentSplit.paying(totalDueToday, balance: data.account.creditBalance)
        if !today.fromBalance.isZero {
            balanceSplit = today
            totalDueToday = today.onCard
        }
        if let next = nextChargeAmount {
            nextChargeAmount = PaymentSplit.paying(next, balance: data.account.creditBalance - today.fromBalance.minorUnits).onCard
        }
    }

    private static func discounted(_ price: Money, by promo: OfferCode?) -> Money {
        guard let promo else { return price }
        let off: Money = switch promo.discount {
        case let .percent(percent): price.percentage(percent)
        case let .amount(amount): Money(minorUnits: min(amount, price.minorUnits), currency: price.currency)
        }
        return (try? price.subtracting(off)) ?? price
    }

    private static func wording(_ discount: OfferCode.Discount, currency: Currency) -> String {
        switch discount {
        case let .percent(percent): "\(percent)%"
        case let .amount(amount): Money(minorUnits: amount, currency: currency).formatted()
        }
    }
}
