import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// Issue 42 item 4 and issue 38's readiness: while the PostgreSQL server is down, `kiosk serve`
/// answers liveness at once, readiness and every store request 503 with problem details and
/// `Retry-After` within `--database-timeout`, and serves again as soon as the server is back.
/// The test stops and restarts a cluster of its own (`.ci/postgres.sh start`, `pause`, `resume`),
/// so other tests' cluster is never interrupted. Runs where PostgreSQL is installed for the tests.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DatabaseOutageTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".ci/postgres.sh").path

    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static func cluster(_ command: String, _ url: String = "") throws -> String {
        let outcome = try ChildProcess.run(["bash", script, command] + (url.isEmpty ? [] : [url]),
                                           environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0 else { throw ServerProcess.StartFailure(description: "postgres.sh \(command) failed") }
        return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func send(_ method: String, _ url: URL, key: String? = nil, body: String? = nil,
                     headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name.lowercased()] = value }
        return Answer(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: ServerProcess.Storage.postgresCluster != nil))
    func anOutageAnswers503WithRetryAfterAndTheServerRecoversWhenTheDatabaseIsBack() async throws {
        let url = try Self.cluster("start")
        defer { _ = try? Self.cluster("stop", url) }
        let server = try ServerProcess(dataDirectory: KioskProcess.temporaryDirectory("outage"),
                                       storage: .postgres(url: url), arguments: ["--database-timeout", "5"])
        let admin = try KioskProcess.run(["serve", "--print-admin-key", "--database", url,
                                          "--data-dir", KioskProcess.temporaryDirectory("outage-admin").path])
        let adminKey = admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try await Self.send("POST", server.url.appendingPathComponent("v1/admin/accounts"), key: adminKey,
                                          body: #"{"name":"Ann","email":"ann@example.com"}"#)
        #expect(created.status == 201, "\(created.body)")
        let key = try #require(try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])["api_key"] as? String
        #expect(try await Self.send("GET", server.url.appendingPathComponent("health/ready")).status == 200)

        _ = try Self.cluster("pause", url)
        #expect(try await Self.send("GET", server.url.appendingPathComponent("health")).status == 200)
        let requests: [(String, String, String?, String?)] = [
            ("GET", "health/ready", nil, nil), ("GET", "v1/customer", key, nil), ("GET", "v1/customer", key.map { $0 + "0" }, nil),
            ("POST", "v1/purchases", key, #"{"product_id":"points.500"}"#),
        ]
        for (index, (method, path, key, body)) in requests.enumerated() {
            let answer = try await Self.send(method, server.url.appendingPathComponent(path), key: key, body: body)
            #expect(answer.status == 503, "\(method) \(path): \(answer.status) \(answer.body)")
            #expect(answer.headers["content-type"] == "application/problem+json", "\(path)")
            #expect(Int(answer.headers["retry-after"] ?? "") ?? 0 >= 1, "\(path): \(answer.headers)")
            #expect(answer.body.contains(#""type":"https:\/\/kiosk.dev\/problems\/unavailable""#)
                    || answer.body.contains(#""type":"https://kiosk.dev/problems/unavailable""#), "\(path): \(answer.body)")
            // Once a request found the server down, the next ones try a connection of their own
            // and say why it failed, without waiting out the timeout on the pool.
            if index > 0 {
                #expect(answer.body.contains("cannot reach the PostgreSQL server"), "\(path): \(answer.body)")
            }
        }

        _ = try Self.cluster("resume", url)
        // The very first request after the database is back is served.
        let card = try await Self.send("POST", server.url.appendingPathComponent("v1/payment-methods"), key: key,
                                       body: #"{"number":"4242424242424242","exp_month":12,"exp_year":2030,"cvc":"123"}"#)
        #expect(card.status == 201, "\(card.body)")
        #expect(try await Self.send("GET", server.url.appendingPathComponent("health/ready")).status == 200)
        let exit = try server.terminate()
        #expect(exit == 0, "kiosk serve exited \(exit)")
    }
}
