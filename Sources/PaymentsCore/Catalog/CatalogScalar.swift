import Yams

/// What a YAML scalar means to the catalog loader.
///
/// The loader types scalars itself instead of trusting YAML 1.1 resolution, which would read
/// `1:30` as 90, `0x10` as 16 or `yes` as true: only plain decimal digits are integers and only
/// `true`/`false` are booleans, and anything quoted is text, so `price: "999"` is a type error.
enum CatalogScalar: Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A plain integer that does not fit in 64 bits.
    case integerOutOfRange(String)
    /// A plain number with a fraction or exponent, such as 9.99.
    case fraction(String)
    /// Any other plain scalar, or any quoted or block scalar.
    case text(String, quoted: Bool)

    init(_ scalar: Node.Scalar) {
        let string = scalar.string
        guard scalar.style == .plain || scalar.style == .any else {
            self = .text(string, quoted: true)
            return
        }
        switch string {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        default:
            if CatalogScalar.isInteger(string) {
                self = Int64(string.hasPrefix("+") ? String(string.dropFirst()) : string)
                    .map(CatalogScalar.integer) ?? .integerOutOfRange(string)
            } else if CatalogScalar.isFraction(string) {
                self = .fraction(string)
            } else {
                self = .text(string, quoted: false)
            }
        }
    }

    /// How the value reads in a message: `found 'abc'`, `found the text "999"`.
    var found: String {
        switch self {
        case .null: "nothing"
        case let .bool(value): "\(value)"
        case let .integer(value): "\(value)"
        case let .integerOutOfRange(text), let .fraction(text): text
        case let .text(text, quoted): quoted ? "the text \"\(text)\"" : "'\(text)'"
        }
    }

    /// Whether the node is the plain integer 0 (a free trial's price, as `show --json` writes it).
    static func isZero(_ node: Node) -> Bool {
        node.scalar.map { CatalogScalar($0) == .integer(0) } ?? false
    }

    private static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isFraction(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        var exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        guard !exponent.isEmpty else { return parts.count == 2 }
        exponent = exponent.dropFirst()
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
