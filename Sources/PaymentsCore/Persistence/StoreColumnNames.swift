/// Column names of record coding keys and back (`accountID` ⇄ `account_id`).
///
/// Why not GRDB's `.convertToSnakeCase`: GRDB asks for the name of every column of every row it
/// encodes or decodes, and its Unicode-aware conversion was about a tenth of a purchase and a
/// seventh of a renewal in the profiles. Record fields are ASCII identifiers, so these work on
/// bytes. No shared memo: records are coded on many GRDB threads at once, and a lock would
/// serialise them.
enum StoreColumnNames {
    private static let underscore = UInt8(ascii: "_")

    /// `accountID` → `account_id`, `pmLast4` → `pm_last4`: a word starts at a capital that follows
    /// a lowercase letter or digit, or that starts a word after a run of capitals.
    static func column(forKey key: String) -> String {
        let bytes = Array(key.utf8)
        var column: [UInt8] = []
        column.reserveCapacity(bytes.count + 4)
        for index in bytes.indices {
            let byte = bytes[index]
            guard isUpper(byte) else {
                column.append(byte)
                continue
            }
            if index > 0 {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                    column.append(underscore)
                }
            }
            column.append(byte + 32)
        }
        return String(decoding: column, as: UTF8.self)
    }

    /// `account_id` → `accountID`: Swift spells the "ID" suffix in capitals.
    static func key(forColumn column: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(column.utf8.count)
        for word in column.utf8.split(separator: underscore, omittingEmptySubsequences: true) {
            if key.isEmpty {
                key.append(contentsOf: word)
            } else if word.elementsEqual("id".utf8) {
                key.append(contentsOf: "ID".utf8)
            } else if let first = word.first {
                key.append(isLower(first) ? first - 32 : first)
                key.append(contentsOf: word.dropFirst())
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
