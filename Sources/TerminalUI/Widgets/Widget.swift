/// Anything that draws itself into a region of a buffer. Widgets are values built fresh each
/// frame from state, and they never draw outside `area`.
public protocol Widget: Sendable {
    func render(in area: Rect, buffer: inout Buffer)
}
