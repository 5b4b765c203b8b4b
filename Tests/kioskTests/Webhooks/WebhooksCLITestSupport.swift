import Foundation

/// Runs the built `kiosk` binary, which `swift test` places next to the test bundle.
enum WebhooksCLITestSupport {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The Standard Webhooks reference vector (see PaymentsCoreTests' WebhooksTestSupport).
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp = "1614265330"
    static let body = Data(#"{"test": 2432232314}"#.utf8)
    static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

    static var binaryURL: URL {
        Bundle.main.bundleURL.appendingPathComponent("kiosk")
    }

    static func run(_ arguments: [String], standardInput: Data = Data()) throws -> Outcome {
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = arguments
        let inputPipe = Pipe()
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(standardInput)
        try inputPipe.fileHandleForWriting.close()
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self)
        )
    }

    /// Writes `contents` to a fresh temporary file for `--body-file`.
    static func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-webhook-\(UUID().uuidString).json")
        try contents.write(to: url)
        return url
    }
}
