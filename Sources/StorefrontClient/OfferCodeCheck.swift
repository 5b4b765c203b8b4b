import Foundation
import PaymentsCore

/// The catalog half of the core's offer-code rules, so checkout can reject a code as it is
/// entered with the same `PaymentsError.invalidOfferCode` the purchase would throw. Whether the
/// account already redeemed it is only known to the core, which the purchase itself reports.
public enum OfferCodeCheck {
    public static func check(_ typed: String, productID: String, catalog: Catalog, now: Date) throws(PaymentsError) -> OfferCode {
        guard let code = catalog.offerCode(typed) else {
            throw .invalidOfferCode(code: typed.uppercased(), reason: .unknown)
        }
        guard now < code.expires else { throw .invalidOfferCode(code: code.code, reason: .expired) }
        guard code.products.contains(productID) else {
            throw .invalidOfferCode(code: code.code, reason: .notApplicable)
        }
        return code
    }
}
