import Foundation
import Hummingbird
import KioskAPI
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import PaymentsCore

/// `kiosk serve`: the contract's operations over HTTP/1.1 with Hummingbird.
public struct KioskServer: Sendable {
    public let service: any PaymentsService
    public let adminKey: AdminKey
    public let host: String
    public let port: Int
    private let logger: Logger

    public init(service: any PaymentsService, adminKey: AdminKey, host: String, port: Int, logger: Logger) {
        self.service = service
        self.adminKey = adminKey
        self.host = host
        self.port = port
        self.logger = logger
    }

    /// Serves until cancelled (or, with `untilSignalled`, until SIGTERM or SIGINT arrives), letting
    /// requests in flight finish. `onListening` gets the bound port (useful when `port` is 0).
    public func run(untilSignalled: Bool = false,
                    onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let router = Router()
        let handler = KioskAPIHandler(service: service, document: try KioskAPIDocument.data(),
                                      feed: FeedSignal(service: service))
        try handler.registerHandlers(
            on: router,
            middlewares: [ProblemMiddleware(logger: logger), AuthenticationMiddleware(service: service, adminKey: adminKey)])
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "kiosk"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        if untilSignalled {
            try await application.runService()
        } else {
            try await application.run()
        }
    }
}
