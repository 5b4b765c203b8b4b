import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore

/// The client apps' hosted-checkout endpoints. What the customer has is read from the store's
/// books, never from the browser's redirect: the return pages change nothing.
extension KioskAPIHandler {
    func createHostedCheckout(_ input: Operations.CreateHostedCheckout.Input) async throws
        -> Operations.CreateHostedCheckout.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        guard body.userId == accountID else { return .notFound(.init(body: .json(.init(error: "User not found")))) }
        let account = try await service.account(accountID)
        guard body.userEmail.lowercased() == account.email.lowercased() else {
            return .badRequest(.init(body: .json(.init(error: "userEmail is not this user's email address"))))
        }
        let catalog = try await service.catalog()
        guard let productID = body.productId ?? catalog.featuredProduct?.id else {
            return .notFound(.init(body: .json(.init(error: "The catalog has no plan to sell"))))
        }
        guard catalog.product(id: productID) != nil else {
            return .notFound(.init(body: .json(.init(error: PaymentsError.productNotFound(productID).userMessage))))
        }
        guard let checkoutOpener, let origin = origin.value else {
            return .serviceUnavailable(.init(body: .json(.init(error: "This server has no hosted checkout"))))
        }
        do {
            let link = try await checkoutOpener.openCheckout(
                accountID: accountID, productID: productID,
                successURL: origin.appendingPathComponent("checkout/return"),
                cancelURL: origin.appendingPathComponent("checkout/cancelled"))
            return .ok(.init(body: .json(.init(checkoutUrl: RequestHost.relink(link).absoluteString))))
        } catch let error as PaymentsError {
            switch error {
            case .storage, .storeFile, .busy: throw error
            default: return .badRequest(.init(body: .json(.init(error: error.userMessage))))
            }
        }
    }

    func getUserSubscriptionStatus(_ input: Operations.GetUserSubscriptionStatus.Input) async throws
        -> Operations.GetUserSubscriptionStatus.Output {
        let accountID = try customerID()
        guard input.query.userId == accountID else {
            return .notFound(.init(body: .json(.init(error: "User not found"))))
        }
        async let account = service.account(accountID)
        async let subscriptions = service.subscriptions(accountID: accountID)
        async let entitlements = service.entitlements(accountID: accountID)
        let (theAccount, theSubscriptions, theEntitlements) = try await (account, subscriptions, entitlements)
        let status = ProviderSubscriptionStatus(latestOf: theSubscriptions)
            ?? ProviderSubscriptionStatus(neverSubscribedSince: theAccount.createdAt)
        return .ok(.init(body: .json(.init(
            isPremium: !theEntitlements.isEmpty,
            subscriptionStatus: Components.Schemas.UserSubscriptionStatus.SubscriptionStatusPayload(
                rawValue: status.word.rawValue) ?? Components.Schemas.UserSubscriptionStatus.SubscriptionStatusPayload.none,
            updatedAt: status.changedAt))))
    }

    func getCheckoutReturnPage(_ input: Operations.GetCheckoutReturnPage.Input) async throws
        -> Operations.GetCheckoutReturnPage.Output {
        .ok(.init(body: .html(HTTPBody(Self.page(
            title: "Payment submitted",
            text: "You can close this window and go back to the app. It asks the store whether the payment went through.")))))
    }

    func getCheckoutCancelledPage(_ input: Operations.GetCheckoutCancelledPage.Input) async throws
        -> Operations.GetCheckoutCancelledPage.Output {
        .ok(.init(body: .html(HTTPBody(Self.page(
            title: "Checkout cancelled", text: "Nothing was charged. You can close this window and go back to the app.")))))
    }

    private static func page(title: String, text: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
        <body><h1>\(title)</h1><p>\(text)</p></body></html>
        """
    }
}
