import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookEventTests {
    private let paymentEvent = WebhookEvent(
        businessId: "bus_kiosk",
        type: .paymentSucceeded,
        timestamp: Date(timeIntervalSince1970: 1_700_000_000),
        data: WebhookEventData(
            payloadType: .payment,
            paymentId: "pay_1",
            checkoutSessionId: "cks_9",
            customerId: "acct_7",
            productId: "prod_tea",
            status: "succeeded",
            totalAmount: 1_299,
            currency: "EUR",
            createdAt: Date(timeIntervalSince1970: 1_699_999_990)
        )
    )

    @Test func encodesDeterministicallyWithSortedKeysAndISODates() throws {
        let expected = #"{"business_id":"bus_kiosk","data":{"checkout_session_id":"cks_9","created_at":"2023-11-14T22:13:10Z","currency":"EUR","customer_id":"acct_7","payload_type":"Payment","payment_id":"pay_1","product_id":"prod_tea","status":"succeeded","total_amount":1299},"timestamp":"2023-11-14T22:13:20Z","type":"payment.succeeded"}"#
        #expect(String(decoding: try paymentEvent.jsonBody(), as: UTF8.self) == expected)
        #expect(try paymentEvent.jsonBody() == paymentEvent.jsonBody())
    }

    @Test func roundTripsThroughJSON() throws {
        #expect(try WebhookEvent(jsonBody: paymentEvent.jsonBody()) == paymentEvent)
    }

    @Test func roundTripsASubscriptionEvent() throws {
        let event = WebhookEvent(
            businessId: "bus_kiosk",
            type: .subscriptionRenewed,
            timestamp: Date(timeIntervalSince1970: 1_710_000_000),
            data: WebhookEventData(
                payloadType: .subscription,
                subscriptionId: "sub_3",
                customerId: "acct_7",
                productId: "prod_plan",
                status: "active",
                totalAmount: 500,
                currency: "USD",
                nextBillingDate: Date(timeIntervalSince1970: 1_712_592_000),
                previousBillingDate: Date(timeIntervalSince1970: 1_709_913_600)
            )
        )
        let body = try event.jsonBody()
        #expect(String(decoding: body, as: UTF8.self).contains(#""next_billing_date":"2024-04-08T16:00:00Z""#))
        #expect(try WebhookEvent(jsonBody: body) == event)
    }

    @Test func signedBodiesAreReproducible() throws {
        let signer = WebhookSigner(secret: try WebhookSecret(keyBytes: Array(0..<32)))
        let first = signer.signature(id: "msg_1", timestamp: 1_700_000_000, body: try paymentEvent.jsonBody())
        let second = signer.signature(id: "msg_1", timestamp: 1_700_000_000, body: try paymentEvent.jsonBody())
        #expect(first == second)
    }

    @Test func decodesADodoStyleRefundWithUnknownFieldsAndFractionalSeconds() throws {
        let body = Data("""
        {
          "business_id": "bus_123",
          "type": "refund.succeeded",
          "timestamp": "2025-06-28T11:58:50.592471Z",
          "unexpected_top_level": [1, 2, 3],
          "data": {
            "payload_type": "Refund",
            "refund_id": "ref_5",
            "payment_id": "pay_1",
            "total_amount": 250,
            "currency": "GBP",
            "status": "succeeded",
            "is_partial": true,
            "customer": {"customer_id": "cus_1", "email": "someone@example.com"},
            "created_at": "2025-06-28T11:58:50Z"
          }
        }
        """.utf8)
        let event = try WebhookEvent(jsonBody: body)
        #expect(event.type == .refundSucceeded)
        #expect(event.businessId == "bus_123")
        #expect(abs(event.timestamp.timeIntervalSince1970 - 1_751_111_930.592471) < 0.001)
        #expect(event.data == WebhookEventData(
            payloadType: .refund,
            paymentId: "pay_1",
            refundId: "ref_5",
            status: "succeeded",
            totalAmount: 250,
            currency: "GBP",
            createdAt: Date(timeIntervalSince1970: 1_751_111_930)
        ))
    }

    @Test func rejectsAnUnknownEventType() {
        let body = Data(#"{"business_id":"b","type":"payment.teleported","timestamp":"2025-01-01T00:00:00Z","data":{"payload_type":"Payment"}}"#.utf8)
        #expect {
            try WebhookEvent(jsonBody: body)
        } throws: { error in
            guard case .decodingFailed(let reason) = error as? WebhookEventCodingError else { return false }
            return reason.contains("type")
        }
    }

    @Test func namesTheMissingField() {
        let body = Data(#"{"business_id":"b","type":"payment.failed","timestamp":"2025-01-01T00:00:00Z","data":{}}"#.utf8)
        #expect(throws: WebhookEventCodingError.decodingFailed("missing field 'data.payload_type'")) {
            try WebhookEvent(jsonBody: body)
        }
    }

    @Test func rejectsANonISOTimestamp() {
        let body = Data(#"{"business_id":"b","type":"payment.failed","timestamp":"yesterday","data":{"payload_type":"Payment"}}"#.utf8)
        #expect {
            try WebhookEvent(jsonBody: body)
        } throws: { error in
            guard case .decodingFailed(let reason) = error as? WebhookEventCodingError else { return false }
            return reason.contains("timestamp") && reason.contains("ISO 8601")
        }
    }

    @Test func rejectsInvalidJSON() {
        #expect {
            try WebhookEvent(jsonBody: Data("not json".utf8))
        } throws: { error in
            guard case .decodingFailed = error as? WebhookEventCodingError else { return false }
            return true
        }
    }

    @Test func everyEventTypeRoundTripsAndMapsToItsPayload() throws {
        #expect(WebhookEventType.allCases.count == 11)
        for type in WebhookEventType.allCases {
            let event = WebhookEvent(
                businessId: "bus",
                type: type,
                timestamp: Date(timeIntervalSince1970: 1_700_000_000),
                data: WebhookEventData(payloadType: type.payloadType)
            )
            #expect(try WebhookEvent(jsonBody: event.jsonBody()) == event)
            #expect(type.rawValue.hasPrefix(type.payloadType.rawValue.lowercased() + "."))
        }
        #expect(WebhookEventType.subscriptionOnHold.rawValue == "subscription.on_hold")
        #expect(WebhookEventType.subscriptionPlanChanged.rawValue == "subscription.plan_changed")
    }
}
