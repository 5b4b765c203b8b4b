/// Keeps a selection on screen with the least scrolling, so the list does not jump when the
/// selection moves within the visible rows.
public enum ScrollOffset {
    /// The first visible row for `selected`, starting from `previous`.
    public static func keeping(selected: Int, visible: Int, count: Int, previous: Int) -> Int {
        guard visible > 0, count > visible else { return 0 }
        let clampedSelected = Swift.min(Swift.max(0, selected), count - 1)
        var offset = Swift.min(Swift.max(0, previous), count - visible)
        if clampedSelected < offset { offset = clampedSelected }
        if clampedSelected >= offset + visible { offset = clampedSelected - visible + 1 }
        return offset
    }
}
