import KioskQA
import KioskScreens
import TerminalUI
import Testing

@Suite struct DemoBannerTests {
    @Test func theBandSitsAboveTheScreenWhichMovesDownWithItsCursor() {
        var screen = Frame(size: Size(width: 20, height: 4))
        screen.buffer.write("storefront", x: 0, y: 0)
        screen.buffer.write("界", x: 18, y: 2)
        screen.buffer.write("q Quit", x: 0, y: 3)
        screen.cursor = Point(x: 4, y: 1)
        let banner = DemoBanner(caption: "Chapter 1/2: Paywall", status: DemoBanner.status(paused: true, finished: false))
        let composed = banner.compose(screen, size: Size(width: 20, height: 6))
        let lines = HeadlessBackend.plainText(composed.buffer).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix(" Chapter 1/2: Paywal"))
        #expect(lines[1].hasPrefix(" Paused"))
        #expect(lines[2].hasPrefix("storefront"))
        #expect(lines[4].hasSuffix("界"))
        // The storefront's key line is blank: its keys do nothing in a demo; the band lists the ones that do.
        #expect(lines[5].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(composed.buffer[0, 0].style.reverse)
        #expect(composed.buffer[19, 1].style.reverse)
        #expect(!composed.buffer[0, 2].style.reverse)
        #expect(composed.cursor == Point(x: 4, y: 3))
    }

    @Test func theStorefrontGetsTheRowsBelowTheBand() {
        #expect(DemoBanner.contentSize(in: Size(width: 100, height: 30)) == Size(width: 100, height: 28))
        #expect(DemoBanner.contentSize(in: Size(width: 5, height: 1)) == Size(width: 5, height: 1))
    }

    @Test func theStatusSaysWhatTheViewerCanDo() {
        #expect(DemoBanner.status(paused: false, finished: false) == "space pause · n next chapter · q quit")
        #expect(DemoBanner.status(paused: false, finished: true) == "Demo finished — press q to quit")
    }
}
