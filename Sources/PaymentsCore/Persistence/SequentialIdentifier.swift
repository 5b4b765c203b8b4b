/// Sequential, prefixed ids ("sub_000042", "msg_000007"): the store's numbering and the
/// simulators' own print the same way. Padded by hand because `String(format:)` goes through
/// Foundation's formatter, a measurable part of every purchase and renewal.
public enum SequentialIdentifier {
    /// `prefix`, `separator` and `number` with at least six digits.
    public static func make(_ prefix: String, number: Int64, separator: String = "_") -> String {
        let digits = String(number)
        return prefix + separator + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
