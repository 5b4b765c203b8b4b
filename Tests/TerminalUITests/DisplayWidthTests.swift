import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test func asciiLettersAreOneColumn() {
        #expect(DisplayWidth.of("a" as Character) == 1)
        #expect(DisplayWidth.of("Kiosk") == 5)
    }

    @Test func cjkIsTwoColumns() {
        #expect(DisplayWidth.of("中" as Character) == 2)
        #expect(DisplayWidth.of("日本語") == 6)
    }

    @Test func combiningMarkAddsNoWidth() {
        let decomposed = "e\u{301}"
        #expect(decomposed.count == 1)
        #expect(DisplayWidth.of(decomposed) == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
    }

    @Test func zwjFamilyIsOneTwoColumnGlyph() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(family.count == 1)
        #expect(DisplayWidth.of(family) == 2)
    }

    @Test func flagIsTwoColumns() {
        let flag = "\u{1F1EF}\u{1F1F5}"
        #expect(flag.count == 1)
        #expect(DisplayWidth.of(flag) == 2)
    }

    @Test func variationSelector16MakesTextSymbolWide() {
        #expect(DisplayWidth.of("\u{2764}") == 1)
        #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 2)
    }

    @Test func skinToneModifierDoesNotDoubleTheWidth() {
        #expect(DisplayWidth.of("\u{1F44D}\u{1F3FD}") == 2)
    }

    @Test func controlCharactersHaveNoWidth() {
        #expect(DisplayWidth.of("\t" as Character) == 0)
        #expect(DisplayWidth.of("\u{7}" as Character) == 0)
    }
}
