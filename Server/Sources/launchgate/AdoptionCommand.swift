import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage

/// `launchgate adoption APP`: active installs per version (or build, or OS), with bars.
struct AdoptionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adoption", abstract: "Show which versions active installs run, with shares and bars.",
        discussion: """
        Installs are counted from policy, /check and ping requests that carry the SDK's LaunchGate-Client
        header. Examples:
          launchgate adoption notes
          launchgate adoption notes --platform ios --days 7 --by os
          launchgate adoption notes --since 2025-03-01
        """)

    enum Grouping: String, ExpressibleByArgument, CaseIterable { case version, build, os }

    @Argument(help: "The app's ID.") var app: String
    @Option(help: "One platform (ios, android, …); all by default.") var platform: String?
    @Option(help: "Installs seen within this many UTC calendar days, today included (1 to the install retention, default 90).") var days: Int = 30
    @Option(help: "Group by version, build or os.") var by: Grouping = .version
    @Option(help: "Also print each day's share per version since this date (YYYY-MM-DD, UTC).") var since: String?
    @Option(help: "Rows at most, those with most installs; the rest are summed in one line (1 to 1000).") var limit: Int = AdoptionReport.defaultLimit
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard days >= 1 else { throw ValidationError("--days must be at least 1") }
        guard (1...AdoptionReport.maximumLimit).contains(limit) else { throw ValidationError("--limit must be 1 to \(AdoptionReport.maximumLimit)") }
    }

    func run() async throws {
        let platform: Platform?
        do { platform = try self.platform.map { try Platform(validating: $0) } } catch { throw ValidationError("\(error)") }
        var sinceDate: Date?
        if let since {
            guard let date = AdoptionReport.startOfDay(since) else { throw ValidationError("--since must be a date such as 2025-03-01") }
            sinceDate = date
        }
        // LAUNCHGATE_INSTALL_RETENTION_DAYS as `serve` reads it: the longest window there is.
        let adoption = try AdoptionOptions.parse([]).apply(to: AdoptionConfiguration())
        guard days <= adoption.retentionDays else {
            throw ValidationError("--days must be 1 to \(adoption.retentionDays), the install retention (LAUNCHGATE_INSTALL_RETENTION_DAYS)")
        }
        try await database.withComponents(adoption: adoption) { components in
            let report = try await components.adoption.report(app: app, platform: platform, windows: [days], since: sinceDate, limit: limit)
            print(Self.render(report, by: by))
        }
    }

    /// A platform key of the report (`ios`) as people write it ("iOS"); an unknown key as it is.
    private static func displayName(_ key: String) -> String {
        Platform(rawValue: key).map(ImpactSentences.name) ?? key
    }

    static func render(_ report: AdoptionReport, by grouping: Grouping) -> String {
        guard let window = report.windows.first else { return "" }
        let scope = report.platform.map { " on \(displayName($0))" } ?? ""
        var lines = ["\(report.app)\(scope): \(FigureText.count(window.activeInstalls, "install")) active in the \(window.days) UTC calendar days to \(report.today)"]
        let shares = switch grouping {
        case .version: window.versions
        case .build: window.builds
        case .os: window.os
        }
        if shares.isEmpty {
            lines.append("no installs seen yet: they are counted from requests that carry the SDK's LaunchGate-Client header")
        } else {
            let header = ["PLATFORM", grouping == .os ? "OS" : "VERSION"] + (grouping == .build ? ["BUILD"] : []) + ["INSTALLS", "SHARE", ""]
            let rows = shares.map { share in
                [share.platform, (grouping == .os ? share.os : share.version) ?? "unknown"] + (grouping == .build ? [share.build ?? "unknown"] : [])
                    + [String(share.installs), TerminalTable.percent(share.share), TerminalTable.bar(share.share)]
            }
            let numbers: Set<Int> = grouping == .build ? [3, 4] : [2, 3]
            lines.append(TerminalTable.render([header] + rows, rightAligned: numbers))
            let other = switch grouping {
            case .version: window.otherVersions
            case .build: window.otherBuilds
            case .os: window.otherOS
            }
            if let other {
                lines.append("and \(other.entries) more with \(FigureText.count(other.installs, "install")) (\(TerminalTable.percent(other.share))); --limit shows more")
            }
        }
        if let history = report.history {
            lines.append("")
            lines.append("Daily share per version (each install once a day, under the last version it ran):")
            for day in history {
                // Each version names its platform: "2.4.1 50 %" read as every platform's 2.4.1.
                let parts = day.versions.prefix(6).map { "\(displayName($0.platform)) \($0.version ?? "?") \(TerminalTable.percent($0.share))" }
                lines.append("\(day.date)  \(String(day.activeInstalls).leftPadded(to: 8))  " + parts.joined(separator: ", ")
                             + (day.versions.count > 6 ? ", …" : ""))
            }
            if history.isEmpty { lines.append("no days recorded since then") }
        }
        return lines.joined(separator: "\n")
    }
}
