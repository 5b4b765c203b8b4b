/// An on/off setting drawn as `[x] label` or `[ ] label`, readable without colour.
public struct Toggle: Widget {
    public var label: String
    public var isOn: Bool
    public var isFocused: Bool
    public var theme: Theme

    public init(_ label: String, isOn: Bool, isFocused: Bool = false, theme: Theme = .standard) {
        self.label = label
        self.isOn = isOn
        self.isFocused = isFocused
        self.theme = theme
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.write("\(isOn ? "[x]" : "[ ]") \(label)", x: area.x, y: area.y, style: isFocused ? theme.focused : theme.base, clip: area)
    }
}
