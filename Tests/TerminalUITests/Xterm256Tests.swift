import Testing
@testable import TerminalUI

@Suite struct Xterm256Tests {
    static let nearestTable: [((UInt8, UInt8, UInt8), UInt8)] = [
        ((0, 0, 0), 16),
        ((255, 255, 255), 231),
        ((255, 0, 0), 196),
        ((95, 135, 175), 67),
        ((128, 128, 128), 244),
        ((8, 8, 8), 232),
        ((238, 238, 238), 255),
        ((0x61, 0xAF, 0xEF), 75),
        ((100, 0, 0), 52),
        ((0x9D, 0xA5, 0xB4), 248),
    ]

    @Test(arguments: nearestTable)
    func mapsTrueColourToTheNearestEntry(rgb: (UInt8, UInt8, UInt8), expected: UInt8) {
        #expect(Xterm256.nearest(red: rgb.0, green: rgb.1, blue: rgb.2) == expected)
    }

    /// The cube and grey entries are their own nearest colour, so a 256-colour theme survives a
    /// round trip; the 16 system colours are skipped because each terminal redefines them.
    @Test func everyCubeAndGreyEntryMapsToItself() {
        for index in UInt8(16)...255 {
            let rgb = Xterm256.rgb(of: index)
            #expect(Xterm256.nearest(red: rgb.red, green: rgb.green, blue: rgb.blue) == index)
        }
        for index in UInt8(0)..<16 {
            let rgb = Xterm256.rgb(of: index)
            #expect(Xterm256.nearest(red: rgb.red, green: rgb.green, blue: rgb.blue) >= 16)
        }
    }

    @Test func nearestIsNoFartherThanAnyEntry() {
        func distance(_ a: (UInt8, UInt8, UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
            let d = [Int(a.0) - Int(b.red), Int(a.1) - Int(b.green), Int(a.2) - Int(b.blue)]
            return d.reduce(0) { $0 + $1 * $1 }
        }
        for value in stride(from: 0, to: 256, by: 17) {
            for colour in [(UInt8(value), UInt8(255 - value), UInt8(value / 2)), (UInt8(value), UInt8(value), UInt8(value / 3 + 80))] {
                let found = distance(colour, Xterm256.rgb(of: Xterm256.nearest(red: colour.0, green: colour.1, blue: colour.2)))
                #expect((UInt8(16)...255).allSatisfy { found <= distance(colour, Xterm256.rgb(of: $0)) })
            }
        }
    }

    @Test func entriesHaveXtermsColours() {
        #expect(Xterm256.rgb(of: 196) == (255, 0, 0))
        #expect(Xterm256.rgb(of: 67) == (95, 135, 175))
        #expect(Xterm256.rgb(of: 244) == (128, 128, 128))
        #expect(Xterm256.rgb(of: 1) == (205, 0, 0))
    }
}
