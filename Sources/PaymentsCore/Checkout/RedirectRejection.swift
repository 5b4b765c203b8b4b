/// Carries a rejection reason out of the URL splitter through typed throws, so the hot path
/// reports failures without allocating or boxing an existential error.
struct RedirectRejection: Error {
    let reason: RedirectReason

    init(_ reason: RedirectReason) {
        self.reason = reason
    }
}
