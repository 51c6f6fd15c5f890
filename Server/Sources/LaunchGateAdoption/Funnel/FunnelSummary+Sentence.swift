import LaunchGate
import LaunchGateStorage

extension FunnelSummary {
    /// The funnel in words, for the CLI and the console: what was shown, what people did, and how
    /// many prompted installs updated. Figures come from ``totals`` and ``updatedShare(withinDays:)``,
    /// the values the console's chart draws too.
    public var sentence: String {
        let platform = ImpactSentences.name(self.platform)
        let shown = [
            FigureText.count(totals[.banner], "banner"), FigureText.count(totals[.details], "details dialog"),
            FigureText.count(totals[.recommended], "recommended screen"), FigureText.count(totals[.required], "required screen"),
        ]
        let actions = [
            FigureText.count(totals[.update], "Update Now tap"), FigureText.count(totals[.dismissed], "dismissal"),
            FigureText.count(totals[.notNow], "Not Now"),
        ]
        var text = "\(channel == .production ? "Revision" : "Beta revision") \(revision) on \(platform): \(shown.joined(separator: ", ")) shown; \(actions.joined(separator: ", "))."
        if let conversion, conversion.prompted > 0 {
            let windows = FunnelConversion.windows.compactMap { days -> String? in
                guard let share = updatedShare(withinDays: days) else { return nil }
                return "\(FigureText.percent(share)) within \(FigureText.count(days, "day"))"
            }
            text += " Of \(FigureText.count(conversion.prompted, "prompted install")), "
                + (windows.isEmpty ? "none has been prompted long enough ago to tell whether it updated." : "\(windows.joined(separator: ", ")) were seen on a newer version.")
        }
        return text
    }
}
