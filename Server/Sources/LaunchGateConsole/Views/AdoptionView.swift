/// The adoption page: active installs per version and per OS as bar charts, and versions over time.
struct AdoptionView: ConsoleView {
    let app: String
    let appName: String
    /// The "active within" choices, in UTC calendar days.
    let windows: [ConsoleOption]
    /// The platform filter's choices; none chosen shows all.
    let platforms: [ConsoleOption]
    let activeInstalls: String
    /// Which days the window covers, in words: "in the last 7 UTC calendar days, …".
    let daysLabel: String
    let versions: AdoptionChart
    let os: AdoptionChart
    let timeline: AdoptionTimeline
}
