/// A double-quoted string literal that JSON and YAML both read back as `text`: the one quoting
/// used wherever Kiosk writes such text by hand (a catalog's YAML, JSON lines whose key order is
/// part of a contract, asciicast frames full of escape sequences).
///
/// Beyond what JSON requires it escapes DEL, NEL and the Unicode line and paragraph separators,
/// which YAML would otherwise fold and some JSON readers take for line ends.
public enum QuotedString {
    public static func of(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
