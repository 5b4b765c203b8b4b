/// Compares frames so a backend writes only what changed; repainting whole screens flickers over
/// slow links and makes tmux captures racy.
public enum BufferDiff {
    /// The changed runs from `previous` to `next`, in row then column order. With no previous frame
    /// or a different size (a resize), every cell of `next` is a change.
    public static func runs(from previous: Buffer?, to next: Buffer) -> [DiffRun] {
        let width = next.size.width
        let comparable = previous.flatMap { $0.size == next.size ? $0 : nil }
        var runs: [DiffRun] = []
        for y in 0..<next.size.height {
            var current: DiffRun?
            var x = 0
            while x < width {
                let cell = next[x, y]
                let changed = comparable.map { $0[x, y] != cell || (x + 1 < width && $0[x + 1, y] != next[x + 1, y] && next[x + 1, y].isContinuation) } ?? true
                if !changed || cell.isContinuation {
                    if !changed, !cell.isContinuation, let run = current {
                        runs.append(run)
                        current = nil
                    }
                    x += 1
                    continue
                }
                if var run = current, run.style == cell.style {
                    run.text += cell.text
                    current = run
                } else {
                    if let run = current { runs.append(run) }
                    current = DiffRun(row: y, column: x, text: cell.text, style: cell.style)
                }
                x += 1
            }
            if let run = current { runs.append(run) }
        }
        return runs
    }
}

/// A stretch of one row to repaint: consecutive changed cells sharing a style.
public struct DiffRun: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var text: String
    public var style: Style

    public init(row: Int, column: Int, text: String, style: Style) {
        self.row = row
        self.column = column
        self.text = text
        self.style = style
    }
}
