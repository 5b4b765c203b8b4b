import Foundation
import PaymentsCore

/// The HTML the simulated provider shows: real forms a browser can post, under the name of the
/// store being paid (`storeName`, nil when it is not known) and one small inline stylesheet.
struct CheckoutPage: Sendable {
    let storeName: String?

    /// `token` is the session's anti-forgery token, sent back by every form.
    func order(_ session: CheckoutSession, token: String, message: String? = nil, fieldErrors: [String] = []) -> String {
        let id = HTMLText.escape(session.id)
        let tokenField = Self.hiddenToken(token)
        let due = session.dueToday ?? session.price
        var body = Self.summary(session)
        if let message {
            body += "<p class=\"decline\" role=\"alert\">\(HTMLText.escape(message))</p>\n"
        }
        for error in fieldErrors {
            body += "<p class=\"field-error\" role=\"alert\">\(HTMLText.escape(error))</p>\n"
        }
        body += """
            <form method="post" action="/checkout/\(id)/pay">
              \(tokenField)
              <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
              <label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" required></label>
              <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
              <label>Name on card <input name="name" autocomplete="cc-name"></label>
              <label>Postal code (optional) <input name="postal" autocomplete="postal-code"></label>
              <button type="submit">Pay \(HTMLText.escape(due.formatted()))</button>
            </form>
            <form method="post" action="/checkout/\(id)/cancel">\(tokenField)<button type="submit">Cancel</button></form>

            """
        return document(title: "Checkout", body: body)
    }

    func challenge(_ session: CheckoutSession, token: String) -> String {
        let id = HTMLText.escape(session.id)
        return document(title: "3-D Secure", body: Self.summary(session) + """
            <h2>Your bank wants to confirm this payment</h2>
            <p>This is a test 3-D Secure challenge.</p>
            <form method="post" action="/checkout/\(id)/challenge">
              \(Self.hiddenToken(token))
              <button type="submit" name="outcome" value="approve">Approve</button>
              <button type="submit" name="outcome" value="fail">Fail</button>
            </form>

            """)
    }

    func expired(_ session: CheckoutSession) -> String {
        document(title: "Checkout expired", body: """
            <h1>This checkout has expired</h1>
            <p>\(HTMLText.escape(session.productName)) was not paid. Start again from the app.</p>

            """)
    }

    func alreadyPaid(_ session: CheckoutSession, continueURL: String) -> String {
        document(title: "Already paid", body: """
            <h1>This checkout is already paid</h1>
            <p><a href="\(HTMLText.escape(continueURL))">Return to the app</a></p>

            """)
    }

    /// Where a checkout opened from a terminal over SSH ends, paid or not: the terminal shows how.
    func finished() -> String {
        document(title: "Back to your terminal", body: """
            <h1>You can close this window</h1>
            <p>Go back to your terminal: it shows how the checkout ended.</p>

            """)
    }

    /// A refused cross-site or token-less post: nothing was charged.
    func forbidden(_ reason: String) -> String {
        document(title: "Refused", body: "<h1>Request refused</h1>\n<p role=\"alert\">\(HTMLText.escape(reason)) Nothing was charged.</p>\n")
    }

    func notFound() -> String {
        document(title: "Not found", body: "<h1>No such checkout</h1>\n")
    }

    /// The product, its regular price, and exactly what paying charges: the engine's quote for
    /// today (after a free trial, promo code or balance) and, for a subscription, the first renewal.
    private static func summary(_ session: CheckoutSession) -> String {
        let period = session.billingPeriod.map { " / \($0.billingWord)" } ?? ""
        var html = """
            <h1>\(HTMLText.escape(session.productName))</h1>
            <p class="price">\(HTMLText.escape(session.price.formatted()))\(HTMLText.escape(period))</p>

            """
        if let code = session.offerCode {
            html += "<p class=\"promo\">Promo code \(HTMLText.escape(code))</p>\n"
        }
        if let due = session.dueToday {
            html += "<p class=\"due-today\">Due today: \(HTMLText.escape(due.formatted()))</p>\n"
        }
        if let renewal = session.firstRenewal {
            html += "<p class=\"first-renewal\">First renewal on \(day(renewal.date)): "
                + "\(HTMLText.escape(renewal.amount.formatted()))</p>\n"
        }
        return html
    }

    private static func hiddenToken(_ token: String) -> String {
        "<input type=\"hidden\" name=\"\(CheckoutFormToken.fieldName)\" value=\"\(HTMLText.escape(token))\">"
    }

    /// A calendar day in UTC, e.g. "2026-01-08", the same on every machine.
    private static func day(_ date: Date) -> String { DateWording.isoDay(date) }

    func document(title: String, body: String) -> String {
        Self.document(title: title, body: body, store: storeName)
    }

    /// A whole page: the store's name above `body` when known, styled by `CheckoutStyle`.
    static func document(title: String, body: String, store: String? = nil) -> String {
        let heading = store.map { "<header class=\"store\">\(HTMLText.escape($0))</header>\n" } ?? ""
        let fullTitle = store.map { "\(title) · \($0)" } ?? title
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(fullTitle))</title><style>\(CheckoutStyle.sheet)</style></head>
            <body>
            \(heading)\(body)</body></html>

            """
    }
}
