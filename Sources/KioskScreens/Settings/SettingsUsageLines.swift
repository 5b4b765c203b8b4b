import KioskViewModels
import PaymentsCore

/// Usage meters against the plan's limits, and the points wallet's ledger.
enum SettingsUsageLines {
    static func addUsage(_ content: SettingsContent, to lines: inout LineBuilder) {
        if content.usage.isEmpty { lines.text("Nothing is metered on your plan.") }
        for row in content.usage {
            if let limit = row.limit {
                lines.meter(row.name, value: row.used, total: limit)
                lines.text(row.usedText + (row.timingText.map { ". \($0)" } ?? ""), .disabled)
            } else {
                lines.pair(row.name, row.usedText)
                if let timing = row.timingText { lines.text(timing, .disabled) }
            }
        }
    }

    static func addWallet(_ settings: SettingsState, _ content: SettingsContent, to lines: inout LineBuilder) {
        lines.pair("Balance", CountWording.of(content.account.pointsBalance, "point"), .title)
        lines.blank()
        if settings.ledger.items.isEmpty { lines.text("No points earned or spent yet.") }
        for entry in settings.ledger.items {
            let delta = entry.delta > 0 ? "+\(entry.delta)" : "\(entry.delta)"
            lines.text("\(DateWording.day(entry.at))  \(delta)  \(entry.reason)  (balance \(entry.balanceAfter))")
        }
        if let error = settings.ledger.error { lines.text(error.message, .error) }
        if settings.ledger.isLoadingMore {
            lines.text("\(lines.workingMark) Loading more…", .disabled)
        } else if settings.ledger.hasMore {
            lines.buttons([("wallet.more", "Load more", .app(.settings(.loadMoreLedger)))])
        }
    }
}
