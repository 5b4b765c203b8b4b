import Foundation
import PaymentsCore

/// The HTML the simulated provider shows: deliberately plain, but real forms a browser can post.
enum CheckoutPage {
    static func order(_ session: CheckoutSession, message: String? = nil, fieldErrors: [String] = []) -> String {
        let id = HTMLText.escape(session.id)
        var body = summary(session)
        if let message {
            body += "<p class=\"decline\" role=\"alert\">\(HTMLText.escape(message))</p>\n"
        }
        for error in fieldErrors {
            body += "<p class=\"field-error\" role=\"alert\">\(HTMLText.escape(error))</p>\n"
        }
        body += """
            <form method="post" action="/checkout/\(id)/pay">
              <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
              <label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" required></label>
              <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
              <label>Name on card <input name="name" autocomplete="cc-name"></label>
              <button type="submit">Pay \(HTMLText.escape(session.price.formatted()))</button>
            </form>
            <form method="post" action="/checkout/\(id)/cancel"><button type="submit">Cancel</button></form>

            """
        return document(title: "Checkout", body: body)
    }

    static func challenge(_ session: CheckoutSession) -> String {
        let id = HTMLText.escape(session.id)
        return document(title: "3-D Secure", body: summary(session) + """
            <h2>Your bank wants to confirm this payment</h2>
            <p>This is a test 3-D Secure challenge.</p>
            <form method="post" action="/checkout/\(id)/challenge">
              <button type="submit" name="outcome" value="approve">Approve</button>
              <button type="submit" name="outcome" value="fail">Fail</button>
            </form>

            """)
    }

    static func expired(_ session: CheckoutSession) -> String {
        document(title: "Checkout expired", body: """
            <h1>This checkout has expired</h1>
            <p>\(HTMLText.escape(session.productName)) was not paid. Start again from the app.</p>

            """)
    }

    static func alreadyPaid(_ session: CheckoutSession, continueURL: String) -> String {
        document(title: "Already paid", body: """
            <h1>This checkout is already paid</h1>
            <p><a href="\(HTMLText.escape(continueURL))">Return to the app</a></p>

            """)
    }

    static func notFound() -> String {
        document(title: "Not found", body: "<h1>No such checkout</h1>\n")
    }

    private static func summary(_ session: CheckoutSession) -> String {
        let period = session.billingPeriod.map { " / \($0.billingWord)" } ?? ""
        return """
            <h1>\(HTMLText.escape(session.productName))</h1>
            <p class="price">\(HTMLText.escape(session.price.formatted()))\(HTMLText.escape(period))</p>

            """
    }

    static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(HTMLText.escape(title))</title></head>
        <body>
        \(body)</body></html>

        """
    }
}
