/// Machine-readable cause of a ``RedirectClassification``.
///
/// The raw values are stable snake_case identifiers meant for logs, metrics and the CLI's JSON
/// output; renaming one is a breaking change.
public enum RedirectReason: String, Sendable, Hashable, CaseIterable {
    // Positive and neutral readings of one of our endpoints.
    case statusSucceeded = "status_succeeded"
    case statusActive = "status_active"
    case statusFailed = "status_failed"
    case statusExpired = "status_expired"
    case statusProcessing = "status_processing"
    case statusRequiresAction = "status_requires_action"
    case statusMissing = "status_missing"
    case statusUnknown = "status_unknown"
    case checkoutSessionReturned = "checkout_session_returned"
    case cancelEndpoint = "cancel_endpoint"

    // Not one of our endpoints.
    case notOurEndpoint = "not_our_endpoint"
    case registeredQueryMismatch = "registered_query_mismatch"

    // Malformed or suspicious URLs, whoever they belong to.
    case emptyURL = "empty_url"
    case urlTooLong = "url_too_long"
    case whitespaceOrControlCharacter = "whitespace_or_control_character"
    case backslash = "backslash"
    case nonASCIICharacter = "non_ascii_character"
    case invalidPercentEncoding = "invalid_percent_encoding"
    case missingScheme = "missing_scheme"
    case nonCanonicalScheme = "non_canonical_scheme"
    case unsupportedScheme = "unsupported_scheme"
    case missingAuthority = "missing_authority"
    case userinfoPresent = "userinfo_present"
    case missingHost = "missing_host"
    case invalidHost = "invalid_host"
    case nonCanonicalIPAddress = "non_canonical_ip_address"
    case invalidPort = "invalid_port"

    // Our endpoint, but the parameters fail validation.
    case duplicateParameter = "duplicate_parameter"
    case invalidStatus = "invalid_status"
    case invalidPaymentID = "invalid_payment_id"
    case invalidSubscriptionID = "invalid_subscription_id"
    case invalidSessionID = "invalid_session_id"
    case missingSessionID = "missing_session_id"
    case missingState = "missing_state"
    case invalidState = "invalid_state"
    case stateMismatch = "state_mismatch"
}
