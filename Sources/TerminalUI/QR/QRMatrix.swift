import CQRencode

/// A QR symbol as a square of modules (true is dark), encoded by libqrencode. Kept apart from
/// drawing so the checkout screen can measure a symbol before deciding to show it.
public struct QRMatrix: Sendable, Hashable {
    /// Modules per side: 21 for version 1, four more per version.
    public let width: Int
    public let version: Int
    private let modules: [Bool]

    public init(width: Int, version: Int, modules: [Bool]) {
        self.width = width
        self.version = version
        self.modules = modules
    }

    /// Encodes `text` as bytes with error correction level M (15% of the symbol can be lost: a
    /// terminal's line spacing and a phone's glare both cost modules).
    public static func encode(_ text: String) throws(QRCodeError) -> QRMatrix {
        guard !text.isEmpty else { throw QRCodeError.empty }
        guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw QRCodeError.tooLong(byteCount: text.utf8.count)
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        let modules = (0..<(width * width)).map { symbol.pointee.data[$0] & 1 == 1 }
        return QRMatrix(width: width, version: Int(symbol.pointee.version), modules: modules)
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is the light quiet zone.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < width else { return false }
        return modules[y * width + x]
    }
}
