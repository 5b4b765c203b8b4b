/// A rectangle of cells; layout is splitting rectangles, so screens never compute offsets by hand.
public struct Rect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var size: Size { Size(width: width, height: height) }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Shrinks every side; an inset larger than the rectangle leaves an empty one.
    public func inset(by amount: Int) -> Rect { inset(horizontal: amount, vertical: amount) }

    public func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// A rectangle of at most `size`, centred; dialogs and messages use it.
    public func centered(_ size: Size) -> Rect {
        let w = min(size.width, width), h = min(size.height, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// Stacks slices top to bottom.
    public func rows(_ constraints: [LayoutConstraint]) -> [Rect] {
        Rect.lengths(total: height, constraints).map { Rect(x: x, y: y + $0.start, width: width, height: $0.length) }
    }

    /// Places slices left to right.
    public func columns(_ constraints: [LayoutConstraint]) -> [Rect] {
        Rect.lengths(total: width, constraints).map { Rect(x: x + $0.start, y: y, width: $0.length, height: height) }
    }

    /// Later slices shrink first when space runs out, so the top or left of a screen survives.
    static func lengths(total: Int, _ constraints: [LayoutConstraint]) -> [(start: Int, length: Int)] {
        var lengths = Array(repeating: 0, count: constraints.count)
        var remaining = max(0, total)
        for (index, constraint) in constraints.enumerated() {
            switch constraint {
            case .fixed(let cells):
                lengths[index] = min(max(0, cells), remaining)
            case .percent(let percent):
                lengths[index] = min(max(0, total) * min(max(0, percent), 100) / 100, remaining)
            case .fill:
                continue
            }
            remaining -= lengths[index]
        }
        let weights = constraints.map { constraint -> Int in
            if case .fill(let weight) = constraint { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var handedOut = 0
            for index in constraints.indices where weights[index] > 0 {
                lengths[index] = remaining * weights[index] / totalWeight
                handedOut += lengths[index]
            }
            var leftover = remaining - handedOut
            for index in constraints.indices where weights[index] > 0 && leftover > 0 {
                lengths[index] += 1
                leftover -= 1
            }
        }
        var start = 0
        return lengths.map { length in
            defer { start += length }
            return (start, length)
        }
    }
}

/// A cell position: column `x`, row `y`, both from the top-left corner.
public struct Point: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A terminal or widget size in cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    public func fits(within other: Size) -> Bool { width <= other.width && height <= other.height }
}

/// Where text sits inside a wider cell range; amounts read best right-aligned.
public enum Alignment: Sendable, Hashable {
    case leading, center, trailing
}

/// How one slice of a split claims space: fixed cells first, then percentages of the whole,
/// then the remainder shared by weight among the fills.
public enum LayoutConstraint: Sendable, Hashable {
    case fixed(Int)
    case percent(Int)
    case fill(Int = 1)
}
