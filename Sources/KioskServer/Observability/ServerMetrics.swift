import CoreMetrics
import Foundation
import PaymentsCore
import Prometheus
import Synchronization

/// What `GET /metrics` reports, in Prometheus' text format.
///
/// Each server owns its registry (none is bootstrapped process-wide), so several servers in one
/// process, as in the tests, count apart. Labels hold only operation ids, statuses and outcomes:
/// never a customer id, key, email or card.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        self.factory = PrometheusMetricsFactory(registry: registry)
        // Gauges exist from the start, so a scrape shows 0 rather than nothing.
        liveFeedStreams.record(0)
        sshSessions.record(0)
        // So are the counters of rarer events, so a dashboard sees 0 rather than no series.
        for outcome in Self.renewalOutcomes { renewals(outcome).increment(by: 0) }
        for result in Self.webhookResults { webhookDeliveries(result).increment(by: 0) }
        for reason in Self.retryReasons { transactionRetries(reason).increment(by: 0) }
    }

    /// The exposition text of every metric.
    public func exposition() -> String { registry.emitToString() }

    /// One answered request: by contract operation and HTTP status, with its duration.
    public func requestAnswered(operation: String, status: Int, duration: Duration) {
        let dimensions = [("operation", operation), ("status", String(status))]
        CoreMetrics.Counter(label: "kiosk_http_requests_total", dimensions: dimensions, factory: factory).increment()
        CoreMetrics.Timer(label: "kiosk_http_request_duration_seconds", dimensions: [("operation", operation)],
                          factory: factory).record(duration: duration)
    }

    /// A purchase the API answered, by outcome (purchased, declined, requires_action, failed).
    public func purchase(outcome: String) {
        CoreMetrics.Counter(label: "kiosk_purchases_total", dimensions: [("outcome", outcome)], factory: factory).increment()
    }

    /// One tick of the due-work timer (renewals, retries, expiries), by what it did.
    public func dueWorkRun(_ result: ScheduledDueWork?) {
        let label = switch result {
        case .nothingDue: "nothing_due"
        case .ran: "ran"
        case .anotherServersTurn: "another_servers_turn"
        case nil: "failed"
        }
        CoreMetrics.Counter(label: "kiosk_due_work_runs_total", dimensions: [("result", label)], factory: factory).increment()
    }

    /// App Store server notifications posted by one delivery round: delivered, and failed (each
    /// failure is retried later with Apple's schedule).
    public func storeNotifications(_ report: StoreNotificationDeliveryReport) {
        CoreMetrics.Counter(label: "kiosk_store_notification_deliveries_total", dimensions: [("result", "delivered")],
                factory: factory).increment(by: report.delivered)
        CoreMetrics.Counter(label: "kiosk_store_notification_deliveries_total", dimensions: [("result", "failed")],
                factory: factory).increment(by: report.failed)
    }

    static let renewalOutcomes = ["renewed", "failed", "recovered"]
    static let webhookResults = ["delivered", "retry_scheduled", "failed"]
    static let retryReasons = ["serialization_failure", "deadlock"]

    /// What the store reports to (given to it by `KioskServer`): renewals by outcome, hosted-checkout
    /// webhook attempts by result (retries apart), database transactions run again by reason, and
    /// waits for a pooled connection. Only outcomes and durations: no customer in any label.
    public var storeObserver: StoreObserver {
        var observer = StoreObserver()
        observer.renewalsRan = { [self] report in
            renewals("renewed").increment(by: report.renewals)
            renewals("failed").increment(by: report.failedRenewals)
            renewals("recovered").increment(by: report.recoveries)
        }
        observer.webhookAttempted = { [self] attempts in
            for attempt in attempts {
                let result = attempt.delivered ? "delivered" : attempt.statusAfter == .pending ? "retry_scheduled" : "failed"
                webhookDeliveries(result).increment()
                if attempt.attempt > 1 {
                    CoreMetrics.Counter(label: "kiosk_webhook_delivery_retries_total", dimensions: [("result", result)],
                                        factory: factory).increment()
                }
            }
        }
        observer.transactionRetried = { [self] reason in transactionRetries(reason).increment() }
        observer.connectionWaited = { [self] wait in
            CoreMetrics.Timer(label: "kiosk_database_connection_wait_seconds", factory: factory).record(duration: wait)
        }
        return observer
    }

    private func renewals(_ outcome: String) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: "kiosk_renewals_total", dimensions: [("outcome", outcome)], factory: factory)
    }

    private func webhookDeliveries(_ result: String) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: "kiosk_webhook_deliveries_total", dimensions: [("result", result)], factory: factory)
    }

    private func transactionRetries(_ reason: String) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: "kiosk_database_transaction_retries_total", dimensions: [("reason", reason)], factory: factory)
    }

    /// Change-feed streams (`GET /v1/events/stream`) open right now.
    public var liveFeedStreams: CoreMetrics.Gauge { CoreMetrics.Gauge(label: "kiosk_live_feed_streams", factory: factory) }

    /// SSH storefront sessions open right now. The SSH server calls `sshSessionOpened()` when a
    /// session starts and `sshSessionClosed()` when it ends, on the `ServerMetrics` its
    /// `KioskServer` was given.
    public var sshSessions: CoreMetrics.Gauge { CoreMetrics.Gauge(label: "kiosk_ssh_sessions", factory: factory) }

    public func sshSessionOpened() { sessionCount.withLock { $0 += 1; sshSessions.record($0) } }
    public func sshSessionClosed() { sessionCount.withLock { $0 -= 1; sshSessions.record($0) } }

    func feedStreamOpened() { feedCount.withLock { $0 += 1; liveFeedStreams.record($0) } }
    func feedStreamClosed() { feedCount.withLock { $0 -= 1; liveFeedStreams.record($0) } }

    private let sessionCount = Mutex(0)
    private let feedCount = Mutex(0)
}
