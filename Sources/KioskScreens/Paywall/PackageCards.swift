import KioskViewModels
import TerminalUI

/// The packages as cards of three lines (name and badges, full price wording, offer or what it
/// unlocks), for terminals tall enough to show every card; the selected card is reversed and
/// marked, and a click anywhere on a card selects it.
enum PackageCards {
    static let linesPerCard = 3

    /// Rows the cards need, one blank row between cards.
    static func height(_ content: PaywallContent) -> Int {
        content.packages.count * (linesPerCard + 1) - 1
    }

    static func render(_ content: PaywallContent, selected: String?, in area: Rect, frame: inout Frame, context: RenderContext) {
        let glyphs = context.glyphs
        let blank = String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        var cursor = LineCursor(area: area, ellipsis: glyphs.ellipsis)
        for package in content.packages {
            let card = cursor.take(linesPerCard)
            guard card.height == linesPerCard else { return }
            cursor.gap()
            let isSelected = package.productID == selected
            let style = isSelected ? context.theme.selected : context.theme.base
            frame.buffer.fill(card, with: .blank(style))
            var lines = LineCursor(area: card, ellipsis: glyphs.ellipsis)
            let badges = package.badges(in: content)
            let title = (isSelected ? glyphs.selectionMarker : blank) + " " + package.title
            lines.line(badges.isEmpty ? title : "\(title)  ·  \(badges.joined(separator: " · "))", style: style.bolded(),
                       buffer: &frame.buffer)
            lines.line(package.priceText, style: style, indent: 2, buffer: &frame.buffer)
            let extra = package.introOfferText ?? package.entitlementName.map { "Unlocks \($0)." } ?? ""
            lines.line(extra, style: style, indent: 2, buffer: &frame.buffer)
            frame.addHit(card, .app(.paywall(.selectPackage(productID: package.productID))))
        }
    }
}
