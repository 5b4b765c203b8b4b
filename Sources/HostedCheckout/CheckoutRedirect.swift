import PaymentsCore

/// Where the browser goes after the hosted checkout, with DodoPayments' query parameters.
enum CheckoutRedirect {
    /// `payment_id` and `status=succeeded` for a one-time payment, `subscription_id` and
    /// `status=active` for a subscription, plus the session's `state`.
    static func success(_ session: CheckoutSession) -> String {
        var items: [(String, String)] = []
        if let subscriptionID = session.subscriptionID {
            items = [("subscription_id", subscriptionID), ("status", "active")]
        } else if let paymentID = session.paymentID {
            items = [("payment_id", paymentID), ("status", "succeeded")]
        }
        items.append(("state", session.state))
        return appending(items, to: session.successURL)
    }

    static func cancel(_ session: CheckoutSession) -> String {
        appending([("state", session.state)], to: session.cancelURL)
    }

    private static func appending(_ items: [(String, String)], to url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + FormFields.encode(items)
    }
}
