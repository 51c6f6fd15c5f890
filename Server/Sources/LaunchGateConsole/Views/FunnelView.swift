/// The prompt's funnel of one app: a chart and a sentence per channel, revision and platform.
struct FunnelView: ConsoleView {
    /// One revision on one platform.
    struct Revision: ConsoleView {
        /// "Production revision 12 · iOS": revisions are numbered per channel.
        package let title: String
        /// The funnel in words (``FunnelSummary/sentence``), from the same figures as the charts.
        package let sentence: String
        /// The counts, one bar each, in the funnel's order.
        package let prompts: FunnelChart
        /// The share of prompted installs that updated within 1, 3 and 7 days; `nil` when none was prompted.
        package let updates: FunnelChart?
    }

    package let app: String
    package let appName: String
    /// The window's choices, in UTC calendar days.
    package let windows: [ConsoleOption]
    /// The platform filter's choices; none chosen shows all.
    package let platforms: [ConsoleOption]
    /// The channel filter's choices; none chosen shows all.
    package let channels: [ConsoleOption]
    /// Which days the window covers, in words.
    package let daysLabel: String
    /// Newest revision first.
    package let revisions: [Revision]
}
