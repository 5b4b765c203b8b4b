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
