/// What a toast reports; each kind has a text prefix so it reads the same without colour.
public enum ToastKind: Sendable, Hashable {
    case info, success, error

    var prefix: String {
        switch self {
        case .info: "i"
        case .success: "ok"
        case .error: "!"
        }
    }
}
