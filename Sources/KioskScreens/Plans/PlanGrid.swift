import KioskViewModels
import TerminalUI

/// The comparison table: plans as columns (header, price, one row per feature, the action),
/// the selected column marked and reversed in its header and action, every column clickable.
enum PlanGrid {
    /// Where the feature rows go in a grid of `area`: the body's rows, how many feature rows it
    /// shows (one fewer than its height when they are clipped: the last line says how many more).
    static func bodyLayout(_ content: PlanComparisonContent, in area: Rect) -> (priceLines: Int, rule: Bool, body: Int, shown: Int) {
        let priceLines = area.height >= content.rows.count + 5 ? 2 : 1
        let remaining = max(0, area.height - 1 - priceLines)
        let rule = remaining > content.rows.count + 1
        let body = min(content.rows.count, max(0, remaining - (rule ? 1 : 0) - 1))
        return (priceLines, rule, body, body < content.rows.count ? max(0, body - 1) : body)
    }

    static func render(_ plans: PlanComparisonState, _ content: PlanComparisonContent, rowOffset: Int, in area: Rect,
                       frame: inout Frame, context: RenderContext) {
        let theme = context.theme
        let glyphs = context.glyphs
        let selectedIndex = content.columns.firstIndex { $0.planID == plans.selectedPlanID } ?? 0
        let layout = PlanGridLayout(width: area.width, columns: content.columns, rows: content.rows, selected: selectedIndex)
        let shape = bodyLayout(content, in: area)
        var cursor = LineCursor(area: area, ellipsis: glyphs.ellipsis)
        let header = cursor.take(1)
        let price = cursor.take(shape.priceLines)
        if shape.rule {
            cursor.line(String(repeating: glyphs.horizontal, count: area.width), style: theme.border, buffer: &frame.buffer)
        }
        let body = cursor.take(shape.shown)
        let offset = min(max(0, rowOffset), content.rows.count - shape.shown)
        let rows = Array(content.rows[offset..<(offset + shape.shown)])
        if shape.shown < content.rows.count {
            let marker = cursor.take(1)
            let below = content.rows.count - offset - shape.shown
            let text = [offset > 0 ? "\(glyphs.arrowUp) \(offset) more" : nil, below > 0 ? "\(glyphs.arrowDown) \(below) more" : nil].compactMap { $0 }
                .joined(separator: ", ") + " (PgUp/PgDn)"
            frame.buffer.write(TextLayout.truncate(text, to: marker.width, ellipsis: glyphs.ellipsis), x: marker.x, y: marker.y,
                               style: theme.keyHint, clip: marker)
        }
        let actions = cursor.take(1)
        let cellWidth = layout.columnWidth - 1
        let labels = layout.visible.map { headerLabel(content.columns[$0], isSelected: $0 == selectedIndex, width: cellWidth, glyphs: glyphs) }

        let hidden = content.columns.count - layout.visible.count
        let corner = hidden > 0 ? "+\(hidden) more (←/→)" : labels.contains { $0.hasSuffix(" *") } ? "* = current" : "Feature"
        frame.buffer.write(TextLayout.truncate(corner, to: layout.featureWidth - 1, ellipsis: glyphs.ellipsis),
                           x: header.x, y: header.y, style: theme.header, clip: header)
        for (line, row) in rows.enumerated() {
            frame.buffer.write(TextLayout.truncate(row.name, to: layout.featureWidth - 1, ellipsis: glyphs.ellipsis),
                               x: body.x, y: body.y + line, style: theme.base, clip: body)
        }
        for index in layout.visible {
            let column = content.columns[index]
            let isSelected = index == selectedIndex
            let x = layout.x(ofColumn: index, in: area)
            let cell = Rect(x: x, y: area.y, width: layout.columnWidth - 1, height: 1)
            let columnRect = Rect(x: x, y: area.y, width: layout.columnWidth, height: actions.maxY - area.y)
            frame.addHit(columnRect, .app(.plans(.selectPlan(planID: column.planID))))

            let headerStyle = isSelected ? theme.selected.bolded() : theme.header
            let headerCell = Rect(x: x, y: header.y, width: cell.width, height: 1)
            frame.buffer.fill(headerCell, with: .blank(headerStyle))
            frame.buffer.write(TextLayout.truncate(labels[index - layout.visible.lowerBound], to: cell.width, ellipsis: glyphs.ellipsis),
                               x: x, y: header.y, style: headerStyle, clip: headerCell)

            let priceText = priceLinesOf(column.priceText, count: price.height, width: cell.width - 1)
            for (line, text) in priceText.prefix(price.height).enumerated() {
                let cut = line == price.height - 1 && priceText.count > price.height
                frame.buffer.write(" " + TextLayout.truncate(cut ? text + glyphs.ellipsis : text, to: cell.width - 1, ellipsis: glyphs.ellipsis),
                                   x: x, y: price.y + line, style: theme.base, clip: Rect(x: x, y: price.y + line, width: cell.width, height: 1))
            }
            let valueStyle = isSelected ? theme.base.bolded() : theme.base
            for (line, row) in rows.enumerated() where index < row.values.count {
                frame.buffer.write(" " + TextLayout.truncate(row.values[index], to: cell.width - 1, ellipsis: glyphs.ellipsis),
                                   x: x, y: body.y + line, style: valueStyle, clip: Rect(x: x, y: body.y + line, width: cell.width, height: 1))
            }
            renderAction(column, isSelected: isSelected, in: Rect(x: x, y: actions.y, width: cell.width, height: actions.height),
                         frame: &frame, context: context)
        }
    }

    /// The price on its first line and what follows its first comma on the next ("$99.99/year" /
    /// "that's $8.33/month, save 17%"), so a narrow cell cuts the detail, never the price. A price
    /// wider than `width` loses its "/month" (the period switch above says it), never a digit.
    private static func priceLinesOf(_ text: String, count: Int, width: Int) -> [String] {
        let comma = text.range(of: ", ")
        var price = String(text[..<(comma?.lowerBound ?? text.endIndex)])
        if DisplayWidth.of(price) > width, let slash = price.firstIndex(of: "/") { price = String(price[..<slash]) }
        guard let comma, count > 1 else { return [price] }
        return [price, String(text[comma.upperBound...])]
    }

    /// "▸Pro (current)", or "▸Pro *" when the words do not fit (the corner then explains the star).
    private static func headerLabel(_ column: PlanColumn, isSelected: Bool, width: Int, glyphs: Glyphs) -> String {
        let marker = isSelected ? glyphs.selectionMarker : String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        guard column.isCurrent else { return marker + column.name }
        let long = marker + column.name + " (current)"
        return DisplayWidth.of(long) <= width ? long : marker + column.name + " *"
    }

    /// The column's button: choosing it on the selected column does the change; on another
    /// column a click first selects it, so the summary can be read before anything happens.
    private static func renderAction(_ column: PlanColumn, isSelected: Bool, in cell: Rect, frame: inout Frame,
                                     context: RenderContext) {
        guard !cell.isEmpty else { return }
        if column.action.isInert {
            let text = DisplayWidth.of(column.action.title) < cell.width || column.action != .current ? column.action.title : "Current"
            frame.buffer.write(" " + text, x: cell.x, y: cell.y, style: context.theme.disabled, clip: cell)
            return
        }
        let action: PlanComparisonAction = isSelected ? .chooseTapped : .selectPlan(planID: column.planID)
        let button = Button(column.action.title, isFocused: isSelected, theme: context.theme, glyphs: context.glyphs)
        if button.width <= cell.width {
            button.render(in: cell, buffer: &frame.buffer)
            frame.addHit(Rect(x: cell.x, y: cell.y, width: button.width, height: 1), .app(.plans(action)))
            return
        }
        // Too narrow for the padded button: brackets hug a shorter label.
        let glyphs = context.glyphs
        let marker = isSelected ? glyphs.selectionMarker : String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        let short = column.action == .cancelToFree ? "To Free" : column.action.title
        let label = TextLayout.truncate(short, to: max(1, cell.width - DisplayWidth.of(marker) - 2), ellipsis: glyphs.ellipsis)
        let x = frame.buffer.write(marker, x: cell.x, y: cell.y, style: context.theme.base, clip: cell)
        let end = frame.buffer.write("[\(label)]", x: x, y: cell.y, style: isSelected ? context.theme.focused : context.theme.base, clip: cell)
        frame.addHit(Rect(x: cell.x, y: cell.y, width: end - cell.x, height: 1), .app(.plans(action)))
    }
}
