import Foundation
import PaymentsCore
import Testing

/// The client apps' receipt endpoints, called with the exact bodies those apps send and checked
/// against the exact shapes they parse.
@Suite struct AppBackendReceiptTests {
    /// A store purchase whose automatic delivery to the backend is dropped, so the receipt reaches
    /// the backend first through the endpoint under test.
    func undeliveredPurchase(_ server: ServerFixture, accountID: String, product: String = "points.500") async throws -> String {
        var controls = try await server.desk.storeControls()
        controls.droppedReceiptSubmissions = 1
        try await server.desk.updateStoreControls(controls)
        guard case let .success(transaction, _) = try await server.appStore.storePurchase(
            StorePurchaseRequest(accountID: accountID, productID: product)) else {
            throw ServerFixture.SetupFailure(message: "the store purchase did not succeed")
        }
        return try transaction.jws
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func submission(uid: String, pid: String = "points.500", receipt: String, status: String = "PAID") -> String {
        """
        {"uid":"\(uid)","pid":"\(pid)","receipt":"\(receipt)","status":"\(status)","sandbox":true}
        """
    }

    @Test func aReceiptIsCreditedOnceAndTheSecondSubmissionSaysDuplicate() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        let jws = try await undeliveredPurchase(server, accountID: ada.id)

        let first = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key, body: submission(uid: ada.id, receipt: jws))
        #expect(first.status == 200, "\(first.body)")
        let body = try object(first.body)
        #expect(Set(body.keys) == ["status", "message", "success", "data"])
        #expect(body["status"] as? Int == 200 && body["success"] as? Bool == true)
        let data = try #require(body["data"] as? [String: Any])
        #expect(Set(data.keys) == ["points", "isDuplicate", "transactionId", "country", "purchaseStatus"])
        #expect(data["points"] as? Int == 500 && data["isDuplicate"] as? Bool == false)
        #expect(data["country"] as? String == "USA" && data["purchaseStatus"] as? String == "PAID")

        // The base64 of the JWS, as apps that forward receipts as data send it.
        let encoded = Data(jws.utf8).base64EncodedString()
        let second = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key, body: submission(uid: ada.id, receipt: encoded))
        let again = try #require(try object(second.body)["data"] as? [String: Any])
        #expect(second.status == 200)
        #expect(again["isDuplicate"] as? Bool == true && again["points"] as? Int == 0)
        #expect(again["transactionId"] as? String == data["transactionId"] as? String)
        #expect(try await server.service.account(ada.id).pointsBalance == 500)
        #expect(try await server.service.checkInvariants() == [])
    }

    @Test func eachBadSubmissionGetsTheKindTheAppHandles() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        let bob = try await server.customerKey("bob")
        let jws = try await undeliveredPurchase(server, accountID: ada.id)
        let cases: [(key: String, body: String, status: Int, code: String)] = [
            (ada.key, submission(uid: ada.id, receipt: ""), 400, "NO_RECEIPT"),
            (ada.key, submission(uid: ada.id, receipt: "not-a-receipt"), 400, "INVALID_RECEIPT"),
            (ada.key, submission(uid: bob.id, receipt: jws), 404, "USER_NOT_FOUND"),
            (ada.key, submission(uid: ada.id, pid: "gold.bars", receipt: jws), 404, "PLAN_NOT_FOUND"),
            (bob.key, submission(uid: bob.id, receipt: jws), 409, "DUPLICATE_PURCHASE"),
        ]
        for (key, body, status, code) in cases {
            let answer = try await server.raw("POST", "/api/v1/public/iap/ios", key: key, body: body)
            let envelope = try object(answer.body)
            #expect(answer.status == status, "\(code): \(answer.body)")
            #expect(envelope["code"] as? String == code && envelope["success"] as? Bool == false)
            #expect(envelope["status"] as? Int == status && (envelope["message"] as? String)?.isEmpty == false)
        }

        var controls = try await server.desk.storeControls()
        controls.backendServerErrors = 1
        try await server.desk.updateStoreControls(controls)
        let failed = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key, body: submission(uid: ada.id, receipt: jws))
        let failure = try object(failed.body)
        #expect(failed.status == 503 && failure["code"] as? String == "SERVER_ERROR")
        let retried = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key, body: submission(uid: ada.id, receipt: jws))
        #expect(retried.status == 200)
        #expect(try await server.service.account(ada.id).pointsBalance == 500)
    }

    @Test func aPendingReceiptCreditsNothingUntilItIsPaid() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        let jws = try await undeliveredPurchase(server, accountID: ada.id)
        let pending = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key,
                                           body: submission(uid: ada.id, receipt: jws, status: "PENDING"))
        let pendingData = try #require(try object(pending.body)["data"] as? [String: Any])
        #expect(pendingData["purchaseStatus"] as? String == "PENDING" && pendingData["points"] as? Int == 0)
        #expect(try await server.service.account(ada.id).pointsBalance == 0)
        let paid = try await server.raw("POST", "/api/v1/public/iap/ios", key: ada.key, body: submission(uid: ada.id, receipt: jws))
        let paidData = try #require(try object(paid.body)["data"] as? [String: Any])
        #expect(paidData["purchaseStatus"] as? String == "PAID" && paidData["points"] as? Int == 500)
        #expect(try await server.service.account(ada.id).pointsBalance == 500)
    }

    @Test func verifyAnswersApplesStatusCodesAndRecordsNothing() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        let jws = try await undeliveredPurchase(server, accountID: ada.id)

        let valid = try await server.raw("POST", "/api/v1/public/iap/ios/verify", key: ada.key,
                                         body: #"{"receipt":"\#(jws)","sandbox":true}"#)
        #expect(valid.status == 200, "\(valid.body)")
        let body = try object(valid.body)
        #expect(body["success"] as? Bool == true && body["status"] as? Int == 200)
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["isValid"] as? Bool == true && data["status"] as? Int == 0)
        #expect(data["bundleId"] as? String == "dev.kiosk.store")
        let purchases = try #require(data["inAppPurchases"] as? [[String: Any]])
        #expect(purchases.count == 1)
        #expect(Set(purchases[0].keys) == ["product_id", "transaction_id", "original_transaction_id", "purchase_date_ms"])
        #expect(purchases[0]["product_id"] as? String == "points.500")
        let milliseconds = try #require(purchases[0]["purchase_date_ms"] as? String)
        #expect(Int64(milliseconds) == Int64(ServerFixture.start.timeIntervalSince1970 * 1000))

        let forged = String(jws.dropLast(2)) + (jws.hasSuffix("AA") ? "BA" : "AA")
        let refusals: [(String, Int)] = [
            (#"{"receipt":"\#(jws)","sandbox":false}"#, 21007),
            (#"{"receipt":"garbage","sandbox":true}"#, 21002),
            (#"{"receipt":"\#(forged)","sandbox":true}"#, 21003),
            (#"{"receipt":"","sandbox":true}"#, 21002),
        ]
        for (request, code) in refusals {
            let answer = try await server.raw("POST", "/api/v1/public/iap/ios/verify", key: ada.key, body: request)
            let refused = try #require(try object(answer.body)["data"] as? [String: Any])
            #expect(answer.status == 400)
            #expect(refused["isValid"] as? Bool == false && refused["status"] as? Int == code, "\(request)")
        }
        #expect(try await server.service.account(ada.id).pointsBalance == 0)
    }

    @Test func theEndpointsNeedTheCustomersKey() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        for path in ["/api/v1/public/iap/ios", "/api/v1/public/iap/ios/verify"] {
            let anonymous = try await server.raw("POST", path, key: nil, body: submission(uid: ada.id, receipt: "x"))
            #expect(anonymous.status == 401)
            let admin = try await server.raw("POST", path, key: server.adminKey.value, body: submission(uid: ada.id, receipt: "x"))
            #expect(admin.status == 401 || admin.status == 403)
        }
    }

    /// The App Store posts its notifications with no key: the signature authenticates them. A
    /// verified one answers 200 with what was done; anything else a problem, and changes nothing.
    @Test func theAppStoreNotificationEndpointTakesSignedNotificationsWithoutAKey() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customerKey("ada")
        _ = try await undeliveredPurchase(server, accountID: ada.id)
        _ = try await server.appStore.sendTestNotification()
        let signed = try await server.appStore.signedNotifications()
        #expect(signed.count == 2)
        for (notification, payload) in signed {
            let answer = try await server.raw("POST", "/v1/app-store/notifications", key: nil,
                                              body: #"{"signedPayload":"\#(payload)"}"#)
            #expect(answer.status == 200, "\(answer.body)")
            // The sale's ONE_TIME_CHARGE reached the merchant in process when the sheet sold it.
            let expected = notification.kind == .test ? "acknowledged" : "duplicate"
            #expect(try object(answer.body)["outcome"] as? String == expected)
        }
        let again = try await server.raw("POST", "/v1/app-store/notifications", key: nil,
                                         body: #"{"signedPayload":"\#(signed[0].signedPayload)"}"#)
        #expect(try object(again.body)["outcome"] as? String == "duplicate")

        let forged = try await server.raw("POST", "/v1/app-store/notifications", key: nil, body: #"{"signedPayload":"a.b.c"}"#)
        #expect(forged.status == 422 && forged.contentType == "application/problem+json", "\(forged.status) \(forged.body)")
        #expect(try object(forged.body)["field"] as? String == "signedPayload")
        let unknownField = try await server.raw("POST", "/v1/app-store/notifications", key: nil,
                                                body: #"{"signedPayload":"a.b.c","extra":1}"#)
        #expect(unknownField.status == 400)
    }

    /// Apple's verifyReceipt answers for App Store receipts only: a card sale, signed by the
    /// merchant's own chain, is not one.
    @Test func theVerifyEndpointRefusesTheMerchantsOwnSale() async throws {
        let server = try await ServerFixture.start()
        defer { Task { await server.stop() } }
        let ada = try await server.customer("ada")
        guard case let .purchased(receipt) = try await server.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            throw ServerFixture.SetupFailure(message: "the card purchase did not succeed")
        }
        let jws = try #require(receipt.transaction).jws
        let answer = try await server.raw("POST", "/api/v1/public/iap/ios/verify", key: ada.key,
                                          body: #"{"receipt":"\#(jws)","sandbox":true}"#)
        #expect(answer.status == 400, "\(answer.body)")
        let data = try #require(try object(answer.body)["data"] as? [String: Any])
        #expect(data["isValid"] as? Bool == false)
    }
}
