import Foundation
import PaymentsCore

/// The App Store's subscriptions move from period to period by the same terms calculator as the
/// merchant's (`TermsCalculator`): only how a period is recorded is the App Store's own.
extension AppStoreSubscription {
    /// What the terms calculator needs; nil when the subscription's currency is not one Kiosk knows.
    var standing: TermsCalculator.Standing? {
        Currency(code: currency).map { currency in
            TermsCalculator.Standing(productID: productID, pendingProductID: pendingProductID, periodType: periodType,
                                     introPeriodsLeft: introPeriodsLeft, offerCode: offerCode, offerPeriodsLeft: offerPeriodsLeft,
                                     priceOverride: priceOverride, seriesAnchor: seriesAnchor, seriesIndex: seriesIndex,
                                     currency: currency)
        }
    }

    /// The period after the current one, starting at `start` (`TermsCalculator.renewalIfSold`);
    /// nil when the product is no longer sold (gone from the catalog, or not in the currency).
    func renewal(catalog: Catalog, start: Date, restartSeries: Bool) throws -> PeriodTerms? {
        guard let standing else { return nil }
        return try TermsCalculator(catalog: catalog).renewalIfSold(of: standing, start: start, restartSeries: restartSeries)
    }

    /// The subscription moved into `period`, its billing issue (if any) over.
    mutating func enter(_ period: PeriodTerms, transactionID: String) {
        if period.product.id != productID { priceOverride = nil }
        productID = period.product.id
        pendingProductID = nil
        periodType = period.periodType
        introPeriodsLeft = period.introPeriodsLeft
        offerCode = period.offerCode
        offerPeriodsLeft = period.offerPeriodsLeft
        seriesAnchor = period.seriesAnchor
        seriesIndex = period.seriesIndex
        periodStart = period.start
        periodEnd = period.end
        state = .subscribed
        billingIssueAt = nil
        graceEndsAt = nil
        retryEndsAt = nil
        nextRetryAt = nil
        retryIndex = 0
        latestTransactionID = transactionID
        scheduleNextEvent()
    }
}
