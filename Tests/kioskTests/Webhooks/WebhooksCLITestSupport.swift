import Foundation

/// Runs the built `kiosk` binary, which `swift test` places next to the test bundle.
enum WebhooksCLITestSupport {
    typealias Outcome = KioskProcess.Outcome

    /// The Standard Webhooks reference vector (see PaymentsCoreTests' WebhooksTestSupport).
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp = "1614265330"
    static let body = Data(#"{"test": 2432232314}"#.utf8)
    static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

    static var binaryURL: URL { KioskProcess.binaryURL }

    static func run(_ arguments: [String], standardInput: Data = Data()) throws -> Outcome {
        try KioskProcess.run(arguments, standardInput: standardInput)
    }

    /// Writes `contents` to a fresh temporary file for `--body-file`.
    static func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-webhook-\(UUID().uuidString).json")
        try contents.write(to: url)
        return url
    }
}
