/// One issuer identification range, such as Mastercard's 2221–2720 on the first four digits.
///
/// Comparing against the digits typed so far tells apart "certainly this range", "could still
/// be" and "cannot be", which is what live brand detection needs.
struct CardPrefixRange: Sendable {
    enum Match: Sendable, Equatable {
        case certain
        case possible
        case none
    }

    let bounds: ClosedRange<Int>
    let digits: Int

    init(_ bounds: ClosedRange<Int>, digits: Int) {
        self.bounds = bounds
        self.digits = digits
    }

    /// `typed` holds ASCII digits only.
    func match(_ typed: String) -> Match {
        if typed.count >= digits {
            guard let value = Int(typed.prefix(digits)) else { return .none }
            return bounds.contains(value) ? .certain : .none
        }
        // Fewer digits than the range needs: the typed prefix stands for every number it could
        // still grow into, [prefix·10ⁿ, (prefix+1)·10ⁿ − 1].
        var scale = 1
        for _ in typed.count..<digits { scale *= 10 }
        let prefixValue = Int(typed) ?? 0
        let lowest = prefixValue * scale
        let highest = (prefixValue + 1) * scale - 1
        if highest < bounds.lowerBound || lowest > bounds.upperBound { return .none }
        if bounds.lowerBound <= lowest && highest <= bounds.upperBound { return .certain }
        return .possible
    }
}
