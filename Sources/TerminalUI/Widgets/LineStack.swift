/// Draws a column of `ScreenLine`s into an area: wraps text, aligns labels, marks the focused
/// line with the selection marker, records click regions and the text cursor, and scrolls from
/// the last position just enough to keep the focused line in view, with "↑ N more" / "↓ N more"
/// rows when more lies beyond an edge.
public struct LineStack<Action: Sendable & Equatable> {
    public var lines: [ScreenLine<Action>]
    /// Columns for labels of pairs and fields.
    public var labelWidth: Int
    public var theme: Theme
    public var glyphs: Glyphs
    /// Screen-reader mode: "label: value" on one wrapped line instead of aligned columns.
    public var isAccessible: Bool
    /// The scroll position and focus of the form this column belongs to; nil for a column that
    /// only follows its focused line (a summary beside the form).
    public var scroll: FormFocus?

    public init(lines: [ScreenLine<Action>], labelWidth: Int, theme: Theme, glyphs: Glyphs, isAccessible: Bool = false,
                scroll: FormFocus? = nil) {
        self.lines = lines
        self.labelWidth = labelWidth
        self.theme = theme
        self.glyphs = glyphs
        self.isAccessible = isAccessible
        self.scroll = scroll
    }

    /// One drawn row: the line it belongs to and which of its wrapped rows it is.
    private struct Row {
        var line: Int
        var part: Int
        var text: String?
    }

    public func render(in area: Rect, frame: inout Canvas<Action>) {
        guard !area.isEmpty else { return }
        let gutter = DisplayWidth.of(glyphs.selectionMarker) + 1
        let width = max(1, area.width - gutter)
        let rows = layout(width: width)
        let window = LineWindow(rows: rows.count, height: area.height, top: scroll?.top ?? 0,
                                focus: scroll?.isDetached == true ? nil : focusedRows(rows))
        let top = area.y + (window.hasTopMarker ? 1 : 0)
        for (y, row) in rows.dropFirst(window.offset).prefix(window.count).enumerated() {
            let line = lines[row.line]
            let rowRect = Rect(x: area.x, y: top + y, width: area.width, height: 1)
            if line.isFocused, row.part == 0 {
                frame.buffer.write(glyphs.selectionMarker, x: area.x, y: rowRect.y, style: theme.focused.bolded(),
                                   clip: rowRect)
            }
            let content = Rect(x: area.x + gutter, y: rowRect.y, width: width, height: 1)
            draw(line, row: row, in: content, frame: &frame)
            if let action = line.action { frame.addHit(rowRect, action) }
        }
        if window.hasTopMarker { marker("\(glyphs.arrowUp) \(window.above) more", y: area.y, in: area, frame: &frame) }
        if window.hasBottomMarker {
            marker("\(glyphs.arrowDown) \(window.below) more", y: area.maxY - 1, in: area, frame: &frame)
        }
        if scroll != nil {
            frame.scrollView = LineScrollView(area: area, offset: window.offset, visibleRows: window.count, rowCount: rows.count,
                                              controls: controlRows(rows))
        }
    }

    /// "↓ 12 more (PgDn)", right-aligned on a row of its own; the key is named while it fits.
    private func marker(_ text: String, y: Int, in area: Rect, frame: inout Canvas<Action>) {
        let key = y == area.y ? " (PgUp)" : " (PgDn)"
        let full = DisplayWidth.of(text + key) <= area.width ? text + key : text
        let fitted = TextLayout.truncate(full, to: area.width, ellipsis: glyphs.ellipsis)
        frame.buffer.write(fitted, x: area.maxX - DisplayWidth.of(fitted), y: y, style: theme.keyHint, clip: area)
    }

    /// Buttons that do not fit on one row go on to the next, so none is cut off while Tab can
    /// still reach it.
    private func buttonRows(_ buttons: [Button], width: Int) -> [[Button]] {
        var result: [[Button]] = [[]]
        var x = 0
        for button in buttons {
            let needed = Button(button.label, glyphs: glyphs).width
            if x > 0, x + needed > width {
                result.append([])
                x = 0
            }
            result[result.count - 1].append(button)
            x += needed + 1
        }
        return result
    }

    private func focusedRows(_ rows: [Row]) -> ClosedRange<Int>? {
        guard let focused = lines.firstIndex(where: \.holdsFocus),
              let first = rows.firstIndex(where: { $0.line == focused }),
              let last = rows.lastIndex(where: { $0.line == focused }) else { return nil }
        return first...last
    }

    private func controlRows(_ rows: [Row]) -> [LineScrollView.ControlRows] {
        var result: [LineScrollView.ControlRows] = []
        for (index, line) in lines.enumerated() where !line.controlIDs.isEmpty {
            guard let first = rows.firstIndex(where: { $0.line == index }),
                  let last = rows.lastIndex(where: { $0.line == index }) else { continue }
            result += line.controlIDs.map { LineScrollView.ControlRows(id: $0, rows: first...last) }
        }
        return result
    }

    private func layout(width: Int) -> [Row] {
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            switch line.kind {
            case let .text(text, _):
                let wrapped = TextLayout.wrap(text, to: width)
                rows += wrapped.enumerated().map { Row(line: index, part: $0.offset, text: $0.element) }
            case let .verbatim(text):
                rows += chunks(text, width: width).enumerated().map { Row(line: index, part: $0.offset, text: $0.element) }
            case let .pair(label, value, _) where isAccessible:
                let wrapped = TextLayout.wrap("\(label): \(value)", to: width)
                rows += wrapped.enumerated().map { Row(line: index, part: $0.offset, text: $0.element) }
            case let .pair(label, value, _) where labelWidth + DisplayWidth.of(value) > width || DisplayWidth.of(label) >= labelWidth:
                // Too narrow for columns: the label, then the value indented below it.
                let values = TextLayout.wrap(value, to: max(1, width - 2)).map { "  " + $0 }
                rows += ([label] + values).enumerated().map { Row(line: index, part: $0.offset, text: $0.element) }
            case let .buttons(buttons):
                let count = buttonRows(buttons.map(\.button), width: width).count
                rows += (0..<count).map { Row(line: index, part: $0) }
            case let .field(field):
                rows.append(Row(line: index, part: 0))
                if let error = field.error {
                    rows += TextLayout.wrap(error, to: max(1, width - 2)).enumerated()
                        .map { Row(line: index, part: $0.offset + 1, text: $0.element) }
                }
            default:
                rows.append(Row(line: index, part: 0))
            }
        }
        return rows
    }

    private func chunks(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var remainder = text
        while !remainder.isEmpty {
            let head = TextLayout.prefix(remainder, fitting: width)
            guard !head.isEmpty else { break }
            result.append(head)
            remainder = String(remainder.dropFirst(head.count))
        }
        return result.isEmpty ? [""] : result
    }

    private func draw(_ line: ScreenLine<Action>, row: Row, in area: Rect, frame: inout Canvas<Action>) {
        switch line.kind {
        case let .text(_, tone):
            frame.buffer.write(row.text ?? "", x: area.x, y: area.y, style: tone.style(theme), clip: area)
        case .verbatim:
            frame.buffer.write(row.text ?? "", x: area.x, y: area.y, style: theme.base, clip: area)
        case let .pair(label, value, tone):
            if let text = row.text {
                let isLabel = row.part == 0 && !isAccessible
                frame.buffer.write(text, x: area.x, y: area.y, style: isLabel ? theme.base : tone.style(theme), clip: area)
            } else {
                frame.buffer.write(TextLayout.truncate(label, to: labelWidth - 1, ellipsis: glyphs.ellipsis),
                                   x: area.x, y: area.y, style: theme.base, clip: area)
                frame.buffer.write(value, x: area.x + labelWidth, y: area.y, style: tone.style(theme), clip: area)
            }
        case let .field(field):
            drawField(field, isFocused: line.isFocused, row: row, in: area, frame: &frame)
        case let .choice(label, isOn, isToggle):
            let box = isToggle ? (isOn ? "[x]" : "[ ]") : (isOn ? "(x)" : "( )")
            let style = line.isFocused ? theme.focused : (isOn ? theme.base.bolded() : theme.base)
            frame.buffer.write("\(box) \(label)", x: area.x, y: area.y, style: style, clip: area)
        case let .buttons(buttons):
            var x = area.x
            let shown = buttonRows(buttons.map(\.button), width: area.width)
            let before = shown.prefix(row.part).reduce(0) { $0 + $1.count }
            for (index, button) in (row.part < shown.count ? shown[row.part] : []).enumerated() {
                let widget = Button(button.label, isFocused: button.isFocused, theme: theme, glyphs: glyphs)
                let rect = Rect(x: x, y: area.y, width: min(widget.width, area.maxX - x), height: 1)
                guard rect.width > 0 else { break }
                widget.render(in: rect, buffer: &frame.buffer)
                if let action = buttons[before + index].action { frame.addHit(rect, action) }
                x += widget.width + 1
            }
        case let .meter(label, value, total):
            frame.buffer.write(TextLayout.truncate(label, to: labelWidth - 1, ellipsis: glyphs.ellipsis),
                               x: area.x, y: area.y, style: theme.base, clip: area)
            // A usage bar and its numbers, always drawn, so the bar is never read by colour or shape alone.
            let bar = Rect(x: area.x + labelWidth, y: area.y, width: min(area.width - labelWidth - 1, 40), height: 1)
            let numbers = "\(value)/\(total)"
            let cells = bar.width - DisplayWidth.of(numbers) - 1
            var x = bar.x
            if cells > 0 {
                // Rounded down, so the bar is full only at 100%.
                let filled = total > 0 ? min(cells, max(0, value) * cells / total) : 0
                x = frame.buffer.write(String(repeating: glyphs.meterFilled, count: filled), x: x, y: bar.y, style: theme.meterFilled, clip: bar)
                x = frame.buffer.write(String(repeating: glyphs.meterEmpty, count: cells - filled), x: x, y: bar.y,
                                       style: theme.meterEmpty, clip: bar) + 1
            }
            frame.buffer.write(numbers, x: x, y: bar.y, style: value > total ? theme.warning : theme.base, clip: bar)
        case .rule:
            frame.buffer.write(String(repeating: glyphs.horizontal, count: area.width), x: area.x, y: area.y,
                               style: theme.border, clip: area)
        case .blank:
            break
        }
    }

    private func drawField(_ field: TextField, isFocused: Bool, row: Row, in area: Rect, frame: inout Canvas<Action>) {
        guard row.part == 0 else {
            frame.buffer.write("! " + (row.text ?? ""), x: area.x, y: area.y, style: theme.error, clip: area)
            return
        }
        var widget = field
        widget.isFocused = isFocused
        widget.theme = theme
        widget.glyphs = glyphs
        if let cursor = widget.renderLine(in: area, labelWidth: labelWidth, isAccessible: isAccessible, buffer: &frame.buffer) {
            frame.cursor = cursor
        }
    }
}
