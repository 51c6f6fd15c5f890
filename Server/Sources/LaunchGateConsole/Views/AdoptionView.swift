/// The adoption page: active installs per version and per OS as bar charts, and versions over time.
struct AdoptionView: ConsoleView {
    package let app: String
    package let appName: String
    /// The "active within" choices, in UTC calendar days.
    package let windows: [ConsoleOption]
    /// The platform filter's choices; none chosen shows all.
    package let platforms: [ConsoleOption]
    /// The count with its noun: "1,240 active installs", "1 active install", "no active installs".
    package let activeInstalls: String
    /// Which days the window covers, in words: "in the last 7 UTC calendar days, …".
    package let daysLabel: String
    package let versions: AdoptionChart
    package let os: AdoptionChart
    package let timeline: AdoptionTimeline
}
