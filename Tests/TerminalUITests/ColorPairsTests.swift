import Testing
@testable import TerminalUI

@Suite struct ColorPairsTests {
    @Test func eightColourTerminalsGetTheNearestNamedColour() {
        let palette = CursesPalette(colors: 8)
        #expect(palette.number(.default) == -1)
        #expect(palette.number(.black) == 0 && palette.number(.white) == 7 && palette.number(.cyan) == 6)
        #expect(palette.number(.indexed(196)) == 1)
        #expect(palette.number(.hex(0x61AFEF)) == 6)
        #expect(palette.number(.hex(0x4B5563)) == 0)
    }

    @Test func twoHundredFiftySixColourTerminalsUseThePalette() {
        let palette = CursesPalette(colors: 256)
        #expect(palette.number(.indexed(244)) == 244)
        #expect(palette.number(.hex(0x808080)) == 244)
        #expect(palette.number(.yellow) == 3)
    }

    @Test func directColourTerminalsTakePackedRGB() {
        let palette = CursesPalette(colors: 1 << 24)
        #expect(palette.number(.hex(0x61AFEF)) == 0x61AFEF)
        #expect(palette.number(.indexed(196)) == 0xFF0000)
        #expect(palette.number(.red) == 1)
    }

    @Test func pairsAreAllocatedOnFirstUseAndReused() {
        var pairs = ColorPairs(palette: CursesPalette(colors: 256), capacity: 64)
        #expect(pairs.pair(foreground: .default, background: .default) == .existing(0))
        #expect(pairs.pair(foreground: .indexed(75), background: .default) == .new(pair: 1, foreground: 75, background: -1))
        #expect(pairs.pair(foreground: .red, background: .black) == .new(pair: 2, foreground: 1, background: 0))
        #expect(pairs.pair(foreground: .indexed(75), background: .default) == .existing(1))
        // The same curses colours share a pair, however the theme named them.
        #expect(pairs.pair(foreground: .hex(0x5FAFFF), background: .default) == .existing(1))
    }

    @Test func pairsBeyondTheTerminalsLimitUseTheDefaultColours() {
        var pairs = ColorPairs(palette: CursesPalette(colors: 256), capacity: 3)
        #expect(pairs.pair(foreground: .indexed(20), background: .default) == .new(pair: 1, foreground: 20, background: -1))
        #expect(pairs.pair(foreground: .indexed(21), background: .default) == .new(pair: 2, foreground: 21, background: -1))
        #expect(pairs.pair(foreground: .indexed(22), background: .default) == .existing(0))
        #expect(pairs.pair(foreground: .indexed(20), background: .default) == .existing(1))
    }
}
