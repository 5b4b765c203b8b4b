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

    /// Over SSH (`--public-url`) the byte stream wraps each piece of the link in an OSC 8
    /// hyperlink to the whole URL, beside its QR code.
    @Test func theLinkIsAHyperlinkInTheRenderedBytes() {
        let url = "https://shop.example.com/checkout/cs_1?token=abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz"
        var frame = Frame(size: Size(width: 60, height: 40))
        CheckoutLinkArea.render(url: url, in: Rect(x: 0, y: 0, width: 60, height: 40), frame: &frame, context: .standard)
        var encoder = FrameEncoder(colorLevel: .ansi256)
        let bytes = String(decoding: encoder.encode(frame.buffer, cursor: nil), as: UTF8.self)
        let open = "\u{1B}]8;;\(url)\u{1B}\\"
        let opened = bytes.components(separatedBy: open).count - 1
        let closed = bytes.components(separatedBy: "\u{1B}]8;;\u{1B}\\").count - 1
        #expect(opened >= 1 && opened == closed, "\(bytes.debugDescription)")
        // The link takes two rows at 60 columns: both pieces are inside the hyperlink.
        let inside = bytes.components(separatedBy: open).dropFirst().map { $0.components(separatedBy: "\u{1B}]8;;\u{1B}\\")[0] }
            .joined()
        #expect(inside.contains(String(url.prefix(40))), "\(inside.debugDescription)")
        #expect(inside.contains(String(url.suffix(20))), "\(inside.debugDescription)")
        let text = HeadlessBackend.plainText(frame.buffer)
        #expect(text.contains("█") || text.contains("▀") || text.contains("▄"), "the QR code")
        #expect(!HeadlessBackend.styledText(frame.buffer).contains("8;;"))
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
