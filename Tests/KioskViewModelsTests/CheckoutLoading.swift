import Testing
@testable import KioskViewModels
@testable import PaymentsCore

extension ViewModelTestStore where R == CheckoutFeature {
    /// Receives the fixtures' checkout load of `pro.monthly` for `acct_1` with one saved card,
    /// which is chosen; the summary's own figures are checked by the tests about it.
    func receiveLoaded(eligibleForIntroOffer: Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        typealias F = ViewModelsFixtures
        let data = CheckoutData(catalog: F.catalog, account: F.account(), eligibleForIntroOffer: eligibleForIntroOffer,
                                paymentMethods: [F.card()], planChange: nil, now: F.start)
        await receive(.loaded(.success(data)), sourceLocation: sourceLocation) {
            $0.account = data.account
            $0.data = data
            $0.now = data.now
            $0.savedCards = data.paymentMethods
            $0.payment = .savedCard(paymentMethodID: "pm_1")
            $0.phase = OrderSummary.make(productID: $0.productID, data: data, promo: nil).map { .loaded($0) } ?? .empty
        }
    }
}
