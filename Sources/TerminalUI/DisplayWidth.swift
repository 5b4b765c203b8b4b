import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Terminal column widths, measured per grapheme cluster. Summing scalar widths is the classic
/// TUI bug: a ZWJ family or a VS16 emoji would count 4 or 1 where terminals draw 2.
public enum DisplayWidth {
    /// wcwidth answers by the thread's LC_CTYPE; measuring under a fixed UTF-8 locale keeps widths
    /// the same in tests, in `--dump` and before the app calls setlocale.
    nonisolated(unsafe) private static let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// Columns one grapheme cluster occupies: 0 (controls, lone combining marks), 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.isASCII { return 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0x200D }),
            scalars.contains(where: { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF })
        {
            return 2
        }
        if isRegionalIndicator(first) { return 2 }
        let total = scalars.reduce(0) { $0 + max(0, scalarWidth($1)) }
        return min(total, 2)
    }

    /// Columns a whole string occupies.
    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let previous = utf8Locale.map { uselocale($0) }
        defer { if let previous { uselocale(previous) } }
        let width = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
        if width >= 0 { return width }
        return scalar.properties.generalCategory == .format ? 0 : 1
    }
}
