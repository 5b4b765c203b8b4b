import Foundation
import Testing

/// Malformed JSON, unknown fields and wrong types get a 400 problem that names the field, and
/// change nothing.
@Suite(.serialized) struct BadRequestTests {
    @Test(arguments: [
        (#"{"name":"Bob""#, "the body is not valid JSON"),
        (#"{"name":"Bob","email":"b@example.com","admin":true}"#, "`admin` is not a field of this body"),
        (#"{"name":5,"email":"b@example.com"}"#, "`name` must be string"),
        (#"{"email":"b@example.com"}"#, "`name` is required"),
    ])
    func badBodiesAreRefusedAndChangeNothing(body: String, detail: String) async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let answer = try await fixture.raw("POST", "/v1/admin/accounts", key: fixture.adminKey.value, body: body)
        #expect(answer.status == 400)
        #expect(answer.contentType == "application/problem+json")
        #expect(answer.body.contains(detail), "\(answer.body)")
        #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/invalid-request""#))
        #expect(try await fixture.service.accounts().isEmpty)
    }

    @Test func healthAndTheContractNeedNoKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let health = try await fixture.raw("GET", "/health", key: nil)
        #expect(health.status == 200)
        #expect(health.body.contains(#""status""#))
        let document = try await fixture.raw("GET", "/openapi.yaml", key: nil)
        #expect(document.status == 200)
        #expect(document.body.hasPrefix("openapi: 3.1.0"))
        #expect(document.contentType == "application/yaml")
    }

    @Test func aPathOrMethodWithNoOperationIsAProblemToo() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let unknown = try await fixture.raw("GET", "/v1/nonexistent", key: nil)
        #expect(unknown.status == 404 && unknown.contentType == "application/problem+json")
        #expect(unknown.body.contains(#""type":"https://kiosk.dev/problems/not-found""#), "\(unknown.body)")
        #expect(unknown.body.contains("No operation answers GET /v1/nonexistent."), "\(unknown.body)")
        // A declared path with a method it does not declare: 405 (issue 39).
        for (method, path) in [("POST", "/health"), ("DELETE", "/v1/customer")] {
            let answer = try await fixture.raw(method, path, key: nil)
            #expect(answer.status == 405 && answer.contentType == "application/problem+json", "\(method) \(path)")
            #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/method-not-allowed""#), "\(answer.body)")
        }
    }

    /// A bad query parameter is named as one, never taken for a broken body.
    @Test func aBadQueryParameterIsNotCalledABadBody() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let created = try await fixture.admin.createAccount(body: .json(.init(name: "Ann", email: "ann@example.com")))
            .created.body.json
        let status = try await fixture.raw("GET", "/v1/invoices?status=bogus", key: created.apiKey)
        #expect(status.status == 400 && status.body.contains(#""field":"status""#), "\(status.body)")
        #expect(!status.body.contains("body"), "\(status.body)")
        let limit = try await fixture.raw("GET", "/v1/invoices?limit=abc", key: created.apiKey)
        #expect(limit.status == 400 && limit.body.contains(#""field":"limit""#) && limit.body.contains("must be a number"),
                "\(limit.body)")
    }

    @Test func aNegativeFeedPositionIsABadRequest() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let created = try await fixture.admin.createAccount(body: .json(.init(name: "Ann", email: "ann@example.com")))
            .created.body.json
        for path in ["/v1/events?after=-5", "/v1/notices?after=-1"] {
            let answer = try await fixture.raw("GET", path, key: created.apiKey)
            #expect(answer.status == 400 && answer.body.contains(#""field":"after""#), "\(path): \(answer.body)")
        }
        #expect(try await fixture.raw("GET", "/v1/events?after=0", key: created.apiKey).status == 200)
    }

    @Test func anOutOfRangePageSizeIsABadRequest() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let created = try await fixture.admin.createAccount(body: .json(.init(name: "Ann", email: "ann@example.com")))
            .created.body.json
        let answer = try await fixture.raw("GET", "/v1/invoices?limit=100000", key: created.apiKey)
        #expect(answer.status == 400)
        #expect(answer.body.contains(#""field":"limit""#))
    }
}
