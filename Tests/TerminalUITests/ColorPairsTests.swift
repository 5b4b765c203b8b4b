import Testing
@testable import TerminalUI

@Suite struct ColorPairsTests {
    /// Curses numbers for `colors` on a terminal that does not redefine its palette.
    private static func numbers(_ colors: [Color], terminalColors: Int) -> [Int32] {
        var palette = CursesPalette(colors: terminalColors, level: .trueColor, canChangeColor: false)
        return colors.map { palette.number($0) { Issue.record("defined \($0)") } }
    }

    @Test func eightColourTerminalsGetTheNearestNamedColour() {
        #expect(Self.numbers([.default, .black, .white, .cyan], terminalColors: 8) == [-1, 0, 7, 6])
        #expect(Self.numbers([.indexed(196), .hex(0x61AFEF), .hex(0x4B5563)], terminalColors: 8) == [1, 6, 0])
    }

    @Test func twoHundredFiftySixColourTerminalsUseThePalette() {
        #expect(Self.numbers([.indexed(244), .hex(0x808080), .yellow], terminalColors: 256) == [244, 244, 3])
    }

    @Test func directColourTerminalsTakePackedRGB() {
        #expect(Self.numbers([.hex(0x61AFEF), .indexed(196), .red], terminalColors: 1 << 24) == [0x61AFEF, 0xFF0000, 1])
    }

    /// Only truecolor on a 256-colour terminal that can change colours redefines entries.
    @Test func paletteEntriesAreRedefinedOnlyForTruecolorOnTerminalsThatCan() {
        #expect(CursesPalette(colors: 256, level: .trueColor, canChangeColor: true).redefinesColors)
        #expect(!CursesPalette(colors: 256, level: .ansi256, canChangeColor: true).redefinesColors)
        #expect(!CursesPalette(colors: 256, level: .trueColor, canChangeColor: false).redefinesColors)
        #expect(!CursesPalette(colors: 8, level: .trueColor, canChangeColor: true).redefinesColors)
        #expect(!CursesPalette(colors: 1 << 24, level: .trueColor, canChangeColor: true).redefinesColors)
    }

    @Test func redefinedEntriesAreTakenFromTheTopOnceEach() {
        var palette = CursesPalette(colors: 256, level: .trueColor, canChangeColor: true)
        var defined: [CursesPalette.Definition] = []
        let numbers = [Color.hex(0x61AFEF), .hex(0x4B5563), .hex(0x61AFEF), .cyan].map {
            palette.number($0) { defined.append($0) }
        }
        #expect(numbers == [255, 254, 255, 6])
        #expect(defined == [CursesPalette.Definition(number: 255, red: 0x61, green: 0xAF, blue: 0xEF),
                            CursesPalette.Definition(number: 254, red: 0x4B, green: 0x55, blue: 0x63)])
        // Down to entry 16, above the system colours; after that, the nearest entry.
        for value in UInt32(0)..<238 { _ = palette.number(.hex(value)) { defined.append($0) } }
        #expect(defined.count == 240 && defined.last?.number == 16)
        #expect(palette.number(.hex(0xFFFFFF)) { Issue.record("defined \($0)") } == 231)
    }

    @Test func pairsAreAllocatedOnFirstUseAndReused() {
        var pairs = ColorPairs(palette: CursesPalette(colors: 256, level: .ansi256, canChangeColor: false), capacity: 64)
        func pair(_ foreground: Color, _ background: Color) -> ColorPairs.Allocation {
            pairs.pair(foreground: foreground, background: background) { Issue.record("defined \($0)") }
        }
        #expect(pair(.default, .default) == .existing(0))
        #expect(pair(.indexed(75), .default) == .new(pair: 1, foreground: 75, background: -1))
        #expect(pair(.red, .black) == .new(pair: 2, foreground: 1, background: 0))
        #expect(pair(.indexed(75), .default) == .existing(1))
        // The same curses colours share a pair, however the theme named them.
        #expect(pair(.hex(0x5FAFFF), .default) == .existing(1))
    }

    @Test func pairsBeyondTheTerminalsLimitUseTheDefaultColours() {
        var pairs = ColorPairs(palette: CursesPalette(colors: 256, level: .ansi256, canChangeColor: false), capacity: 3)
        func pair(_ foreground: Color) -> ColorPairs.Allocation {
            pairs.pair(foreground: foreground, background: .default) { Issue.record("defined \($0)") }
        }
        #expect(pair(.indexed(20)) == .new(pair: 1, foreground: 20, background: -1))
        #expect(pair(.indexed(21)) == .new(pair: 2, foreground: 21, background: -1))
        #expect(pair(.indexed(22)) == .existing(0))
        #expect(pair(.indexed(20)) == .existing(1))
    }
}
