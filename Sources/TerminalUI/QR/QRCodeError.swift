/// Why a text could not become a QR symbol.
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    /// More than a version 40 symbol holds at level M (2,331 bytes).
    case tooLong(byteCount: Int)

    public var description: String {
        switch self {
        case .empty: "nothing to encode in a QR code"
        case let .tooLong(byteCount): "\(byteCount) bytes is too long for a QR code"
        }
    }
}
