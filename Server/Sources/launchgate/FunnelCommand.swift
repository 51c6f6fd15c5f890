import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage

/// `launchgate funnel APP`: per channel and policy revision, the prompts the SDK showed, what people did,
/// and how many prompted installs then updated.
struct FunnelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "funnel", abstract: "Show whether the update prompts worked, per policy revision.",
        discussion: """
        The SDK counts the prompts it showed (banner, details, recommended and required screens), the \
        Update Now taps, the dismissals and the Not Nows, and sends them with its daily install ping.
        Revisions are numbered per channel: beta's revision 3 is not production's.
        Examples:
          launchgate funnel notes
          launchgate funnel notes --channel production --revision 12 --platform ios --days 7
        """)

    @Argument(help: "The app's ID.") var app: String
    @Option(help: "One channel (production or beta); all by default.") var channel: String?
    @Option(help: "One policy revision; all by default.") var revision: Int?
    @Option(help: "One platform (ios, android, …); all by default.") var platform: String?
    @Option(help: "UTC calendar days, today included (1 to the install retention, default 30).") var days: Int = 30
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard days >= 1 else { throw ValidationError("--days must be at least 1") }
        if let revision, revision < 1 { throw ValidationError("--revision must be 1 or more") }
        if let channel, ReleaseChannel(rawValue: channel.lowercased()) == nil { throw ValidationError("--channel must be production or beta") }
    }

    func run() async throws {
        let platform: Platform?
        do { platform = try self.platform.map { try Platform(validating: $0) } } catch { throw ValidationError("\(error)") }
        let adoption = try AdoptionOptions.parse([]).apply(to: AdoptionConfiguration())
        guard days <= adoption.retentionDays else {
            throw ValidationError("--days must be 1 to \(adoption.retentionDays), the install retention (LAUNCHGATE_INSTALL_RETENTION_DAYS)")
        }
        try await database.withComponents(adoption: adoption) { components in
            let summaries = try await components.funnel.summaries(app: app, platform: platform, channel: channel.flatMap { ReleaseChannel(rawValue: $0.lowercased()) },
                                                                  revision: revision, days: days)
            print(Self.render(summaries, app: app, days: days))
        }
    }

    static func render(_ summaries: [FunnelSummary], app: String, days: Int) -> String {
        guard !summaries.isEmpty else {
            return "\(app): no prompt counts in the last \(FigureText.count(days, "day")); they come from SDKs that show a prompt "
                + "of a policy served by this server, with the install beacon on"
        }
        var lines = ["\(app): prompts in the last \(FigureText.count(days, "day"))"]
        let header = ["CHANNEL", "REVISION", "PLATFORM", "BANNER", "DETAILS", "RECOMMENDED", "REQUIRED", "UPDATE", "DISMISSED", "NOT NOW"]
        let rows = summaries.map { summary in
            [summary.channel.rawValue, String(summary.revision), summary.platform.rawValue] + PromptFunnel.Event.allCases.map { String(summary.totals[$0]) }
        }
        lines.append(TerminalTable.render([header] + rows, rightAligned: Set(3..<header.count)))
        lines.append("")
        lines += summaries.map(\.sentence)
        return lines.joined(separator: "\n")
    }
}
