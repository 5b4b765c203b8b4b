/// A deterministic mix of what a browser is sent to during hosted checkout: genuine returns
/// (succeeded, failed, pending, cancelled), the provider's own pages, unrelated sites, forged
/// state, lookalike hosts, bad ports and re-encoded parameters.
enum RedirectCorpus {
    static let returnURL = "https://shop.example.com/checkout/return"
    static let cancelURL = "https://shop.example.com/checkout/cancel"
    static let state = "st_8f3k2Q"

    static func urls(count: Int) -> [String] {
        (0..<count).map { index in
            let templates = [
                "\(returnURL)?status=succeeded&payment_id=pay_\(index)&state=\(state)",
                "\(returnURL)?status=failed&payment_id=pay_\(index)&state=\(state)",
                "\(returnURL)?status=processing&payment_id=pay_\(index)&state=\(state)",
                "\(cancelURL)?state=\(state)",
                "https://checkout.dodopayments.com/session/cks_\(index)?locale=en-US",
                "https://www.example.org/search?q=kiosk+plan+\(index)&hl=en",
                "\(returnURL)?status=succeeded&payment_id=pay_\(index)&state=forged\(index)",
                "https://shop.ex\u{0430}mple.com/checkout/return?status=succeeded&state=\(state)",
                "https://shop.example.com:99999/checkout/return?status=succeeded&state=\(state)",
                "HTTPS://SHOP.EXAMPLE.COM/checkout/return?st%61tus=succeeded&payment_id=pay_\(index)&state=\(state)",
            ]
            return templates[index % templates.count]
        }
    }
}
