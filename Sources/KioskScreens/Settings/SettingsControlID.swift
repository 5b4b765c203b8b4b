/// Ids of the settings controls, shared by the lines that draw them, the keys and the tests.
enum SettingsControlID {
    /// The section list (or, in one column, the section line).
    static let sections = "sections"
    static let surveyConfirm = "survey.confirm"
    static let newAccountName = "newAccount.name"
    static let surveyReasonPrefix = "survey.reason."
    /// The QA panel's "Advance by" field and its button: Enter in the field moves focus to the button.
    static let duration = "qa.duration"
    static let advance = "qa.advance"

    /// The QA inbox's buttons, one pair per pending action.
    static let pendingPrefix = "qa.pending."

    static func surveyReason(_ index: Int) -> String { surveyReasonPrefix + String(index) }
    static func approve(_ pendingID: String) -> String { "\(pendingPrefix)\(pendingID).approve" }
    static func decline(_ pendingID: String) -> String { "\(pendingPrefix)\(pendingID).decline" }
}
