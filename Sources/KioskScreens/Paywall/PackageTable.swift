import KioskViewModels
import TerminalUI

/// The packages as a table of rows: the selected one reversed and marked, each row clickable.
enum PackageTable {
    static func render(_ content: PaywallContent, selected: String?, in area: Rect, frame: inout Frame, context: RenderContext) {
        let glyphs = context.glyphs
        let blank = String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        let rows = content.packages.map { package in
            [(package.productID == selected ? glyphs.selectionMarker : blank) + " " + package.title,
             package.shortPrice, package.perMonth, package.badges(in: content).joined(separator: ", ")]
        }
        let compact = area.width < 70
        let columns = [
            TableColumn("  Package", width: .min(compact ? 12 : 16)),
            TableColumn("Price", width: .min(8)),
            TableColumn(compact ? "/month" : "Per month", width: .min(6), alignment: .trailing),
            TableColumn("Notes", width: .flex(1)),
        ]
        let selectedIndex = content.packages.firstIndex { $0.productID == selected }
        let offset = ScrollOffset.keeping(selected: selectedIndex ?? 0, visible: area.height - 1,
                                          count: rows.count, previous: 0)
        Table(columns: columns, rows: rows, selected: selectedIndex, offset: offset, theme: context.theme, glyphs: glyphs)
            .render(in: area, buffer: &frame.buffer)
        for (line, package) in content.packages.dropFirst(offset).prefix(max(0, area.height - 1)).enumerated() {
            frame.addHit(Rect(x: area.x, y: area.y + 1 + line, width: area.width, height: 1),
                         .app(.paywall(.selectPackage(productID: package.productID))))
        }
    }
}
