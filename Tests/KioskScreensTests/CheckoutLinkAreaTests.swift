@testable import KioskScreens
import TerminalUI
import Testing

/// The browser checkout's link area: a QR code only for a link a phone can open.
@Suite struct CheckoutLinkAreaTests {
    private func render(_ url: String) -> String {
        let area = Rect(x: 0, y: 0, width: 120, height: 30)
        var frame = Frame(size: Size(width: 120, height: 30))
        let height = CheckoutLinkArea.height(url: url, in: Rect(x: 0, y: 0, width: 120, height: 40), context: .standard)
        CheckoutLinkArea.render(url: url, in: Rect(x: 0, y: 0, width: area.width, height: min(height, area.height)), frame: &frame,
                                context: .standard)
        return HeadlessBackend.plainText(frame.buffer)
    }

    @Test func aLinkToThisComputerGetsNoCodeAndSaysWhy() {
        for url in ["http://127.0.0.1:8099/checkout/cs_1?token=abc", "http://localhost:9/x", "http://[::1]:80/x"] {
            let text = render(url)
            #expect(CheckoutLinkArea.isLoopback(url))
            #expect(text.contains(url))
            #expect(text.contains("no QR code"))
            #expect(!text.contains("█") && !text.contains("▀") && !text.contains("▄"))
        }
    }

    @Test func aLinkAPhoneCanOpenGetsACode() {
        let url = "https://pay.example.com/checkout/cs_1?token=abc"
        #expect(!CheckoutLinkArea.isLoopback(url))
        let text = render(url)
        #expect(text.contains(url))
        #expect(!text.contains("no QR code"))
        #expect(text.contains("█") || text.contains("▀") || text.contains("▄"))
    }
}
