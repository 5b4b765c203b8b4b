import KioskViewModels
import TerminalUI

/// "Export to": the folder field the export keys open, over the billing history. Typed keys go
/// into the field (never to shortcuts), Enter exports, Esc leaves; a folder that cannot take the
/// file is said in the dialog, under the field (issue 41, item 15).
struct ExportPromptDialog {
    var prompt: ExportPrompt

    static let submit = TerminalAction.app(.billing(.exportPromptSubmitted))
    static let dismiss = TerminalAction.app(.billing(.exportPromptDismissed))

    var title: String { "Export \(prompt.format.fileExtension.uppercased())" }
    var question: String { "Write \(prompt.fileName) in this folder:" }
    var note: String { prompt.problem ?? "The last folder used is offered; ~ is your home folder." }

    func render(in area: Rect, frame: inout Frame, context: RenderContext) {
        frame.addHit(area, Self.dismiss)
        if context.isAccessible {
            frame.buffer.fill(area, with: .blank(context.theme.base))
            var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
            cursor.line("Question: \(title)", style: context.theme.title, buffer: &frame.buffer)
            cursor.wrapped("\(question) \(prompt.directory)", buffer: &frame.buffer)
            cursor.wrapped(prompt.problem.map { "Problem: \($0)" } ?? note, buffer: &frame.buffer)
            cursor.line("Press Enter to export or Esc to cancel.", buffer: &frame.buffer)
            return
        }
        let width = min(area.width, 72)
        let inner = width - 4
        let noteLines = TextLayout.wrap(note, to: max(1, inner))
        let box = area.centered(Size(width: width, height: min(area.height, noteLines.count + 8)))
        frame.buffer.fill(box, with: .blank(context.theme.base))
        let panel = Panel(title: title, theme: context.theme, glyphs: context.glyphs)
        panel.render(in: box, buffer: &frame.buffer)
        let content = panel.inner(box).inset(horizontal: 1, vertical: 1)
        var cursor = LineCursor(area: content, ellipsis: context.glyphs.ellipsis)
        cursor.line(question, style: context.theme.base, buffer: &frame.buffer)
        let field = cursor.take(1)
        TextField(state: TextFieldState(text: prompt.directory), isFocused: true, theme: context.theme, glyphs: context.glyphs)
            .render(in: field, buffer: &frame.buffer)
        frame.addHit(field, Self.submit)
        cursor.wrapped(note, style: prompt.problem == nil ? context.theme.base : context.theme.error, buffer: &frame.buffer)
        cursor.gap()
        let row = cursor.take(1)
        var x = row.x
        for (label, action) in [("Enter Export", Self.submit), ("Esc Cancel", Self.dismiss)] {
            let button = Button(label, isFocused: action == Self.submit, theme: context.theme, glyphs: context.glyphs)
            let place = Rect(x: x, y: row.y, width: max(0, min(button.width, row.maxX - x)), height: 1)
            button.render(in: place, buffer: &frame.buffer)
            frame.addHit(place, action)
            x += button.width + 1
        }
    }

    /// While the dialog is open every key is the field's: text goes in, Backspace deletes,
    /// Enter exports, Esc cancels.
    func handle(_ key: Key) -> Effect<TerminalAction> {
        switch key {
        case .enter: return .send(Self.submit)
        case .escape: return .send(Self.dismiss)
        case .backspace: return change(String(prompt.directory.dropLast()))
        case let .character(character) where !character.isNewline: return change(prompt.directory + String(character))
        default: return .none
        }
    }

    private func change(_ text: String) -> Effect<TerminalAction> { .send(.app(.billing(.exportDirectoryChanged(text)))) }

    var hints: [KeyHint] { [KeyHint(key: "Enter", action: "Export"), KeyHint(key: "Esc", action: "Cancel")] }
}
