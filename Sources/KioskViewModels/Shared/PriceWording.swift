import PaymentsCore

/// How prices and periods read on screen: "$99.99/year", "7-day free trial, then $9.99/month".
public enum PriceWording {
    /// "month", "year", "3 months", "week", "7 days", "5 minutes".
    public static func period(_ duration: ISODuration) -> String {
        let parts: [(Int, String)] = [(duration.years, "year"), (duration.months, "month"), (duration.weeks, "week"),
                                      (duration.days, "day"), (duration.hours, "hour"), (duration.minutes, "minute")]
        let nonZero = parts.filter { $0.0 > 0 }
        guard nonZero.count == 1, let (count, unit) = nonZero.first else { return duration.description }
        return count == 1 ? unit : "\(count) \(unit)s"
    }

    /// "Monthly", "Yearly", "Weekly", "Daily", "Hourly", else "3-Month".
    public static func billingTitle(_ period: ISODuration) -> String {
        switch (period.years, period.months, period.weeks, period.days, period.hours, period.minutes) {
        case (1, 0, 0, 0, 0, 0): "Yearly"
        case (0, 1, 0, 0, 0, 0): "Monthly"
        case (0, 0, 1, 0, 0, 0): "Weekly"
        case (0, 0, 0, 1, 0, 0): "Daily"
        case (0, 0, 0, 0, 1, 0): "Hourly"
        default: length(period).capitalized
        }
    }

    /// "7-day", "1-month", "3-month", "6-hour": the adjective form used for offers.
    public static func length(_ duration: ISODuration) -> String {
        let parts: [(Int, String)] = [(duration.years * 12 + duration.months, "month"), (duration.weeks * 7 + duration.days, "day"),
                                      (duration.hours, "hour"), (duration.minutes, "minute")]
        let nonZero = parts.filter { $0.0 > 0 }
        guard nonZero.count == 1, let (count, unit) = nonZero.first else { return duration.description }
        if unit == "month", count % 12 == 0 { return "\(count / 12)-year" }
        return "\(count)-\(unit)"
    }

    /// "$9.99/month".
    public static func recurring(_ price: Money, every duration: ISODuration) -> String {
        let unit = period(duration)
        return unit.first?.isNumber == true ? "\(price.formatted()) every \(unit)" : "\(price.formatted())/\(unit)"
    }

    /// "$99.99/year, that's $8.33/month, save 17%" (the saving only when there is one).
    public static func withMonthlyEquivalent(_ price: Money, every duration: ISODuration,
                                             equivalent: MonthlyEquivalent?) -> String {
        var text = recurring(price, every: duration)
        guard let equivalent else { return text }
        text += ", that's \(equivalent.perMonth.formatted())/month"
        if let saving = equivalent.savingPercent { text += ", save \(saving)%" }
        return text
    }

    /// "7-day free trial, then $9.99/month", "$49.99 for 3 months, then $499.99/year",
    /// "$15.00/month for 2 months, then $30.00/month".
    public static func introOffer(_ offer: IntroOffer, introPrice: Money, regular: Money, every duration: ISODuration) -> String {
        let then = "then \(recurring(regular, every: duration))"
        switch offer.type {
        case .freeTrial:
            return "\(length(offer.period)) free trial, \(then)"
        case .payUpFront:
            return "\(introPrice.formatted()) for \(period(offer.period).first?.isNumber == true ? period(offer.period) : "1 \(period(offer.period))"), \(then)"
        case .payAsYouGo:
            let count = offer.periods == 1 ? "1 \(period(offer.period))" : "\(offer.periods) \(period(offer.period))s"
            return "\(recurring(introPrice, every: offer.period)) for \(count), \(then)"
        }
    }
}
