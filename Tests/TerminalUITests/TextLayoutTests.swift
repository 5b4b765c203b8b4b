import Testing
@testable import TerminalUI

@Suite struct TextLayoutTests {
    @Test func truncatesByDisplayColumns() {
        #expect(TextLayout.truncate("Kiosk Pro", to: 6, ellipsis: "…") == "Kiosk…")
        #expect(TextLayout.truncate("日本語の店", to: 6, ellipsis: "…") == "日本…")
        #expect(TextLayout.truncate("日本語の店", to: 5, ellipsis: "…") == "日本…")
        #expect(TextLayout.truncate("日本語の店", to: 4, ellipsis: "…") == "日…")
        #expect(TextLayout.truncate("short", to: 5, ellipsis: "…") == "short")
        #expect(TextLayout.truncate("abcdef", to: 5, ellipsis: "...") == "ab...")
        #expect(TextLayout.truncate("abcdef", to: 2, ellipsis: "...") == "..")
    }

    @Test func padsToExactWidth() {
        #expect(TextLayout.pad("中", to: 4, alignment: .trailing, ellipsis: "…") == "  中")
        #expect(TextLayout.pad("ab", to: 5, alignment: .center, ellipsis: "…") == " ab  ")
    }

    @Test func wrapsWordsByColumns() {
        #expect(TextLayout.wrap("Your card was declined by the bank", to: 12) == ["Your card", "was declined", "by the bank"])
        #expect(TextLayout.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("日本語の店", to: 5) == ["日本", "語の", "店"])
    }
}
