import Testing
@testable import TerminalUI

@Suite struct RectTests {
    let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test func rowsSplitFixedThenFill() {
        let parts = screen.rows([.fixed(1), .fill(), .fixed(1)])
        #expect(parts == [
            Rect(x: 0, y: 0, width: 80, height: 1),
            Rect(x: 0, y: 1, width: 80, height: 22),
            Rect(x: 0, y: 23, width: 80, height: 1),
        ])
    }

    @Test func columnsSplitPercentAndWeightedFill() {
        let parts = screen.columns([.percent(25), .fill(2), .fill(1)])
        #expect(parts.map(\.width) == [20, 40, 20])
        #expect(parts.map(\.x) == [0, 20, 60])
    }

    @Test func fillRemainderGoesToFirstFills() {
        #expect(Rect(x: 0, y: 0, width: 10, height: 1).columns([.fill(), .fill(), .fill()]).map(\.width) == [4, 3, 3])
    }

    @Test func overflowingFixedSlicesShrinkLaterOnes() {
        let parts = Rect(x: 0, y: 0, width: 10, height: 3).columns([.fixed(6), .fixed(6), .fill()])
        #expect(parts.map(\.width) == [6, 4, 0])
    }

    @Test func centeredAndInset() {
        #expect(screen.centered(Size(width: 20, height: 4)) == Rect(x: 30, y: 10, width: 20, height: 4))
        #expect(screen.inset(by: 1) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(by: 1).isEmpty)
    }
}
