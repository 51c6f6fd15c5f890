import LaunchGateAdoption
import LaunchGateServer

/// How `policy publish --dry-run` prints an impact.
enum ImpactOutput {
    static func render(_ impact: PolicyImpact) -> String {
        var lines = [ImpactSentences(impact).summary]
        let active = impact.active
        guard active.installs > 0 else { return lines.joined(separator: "\n") }
        lines.append("")
        let total = Double(active.installs)
        var rows = [["OUTCOME", "NOW", "AFTER", "SHARE", ""]]
        for outcome in InstallOutcome.allCases {
            let (now, after) = (impact.currentOutcomes[outcome] ?? 0, impact.outcomes[outcome] ?? 0)
            guard now != 0 || after != 0 else { continue }
            rows.append([outcome.rawValue, String(now), String(after), TerminalTable.percent(Double(after) / total),
                         TerminalTable.bar(Double(after) / total)])
        }
        lines.append(TerminalTable.render(rows, rightAligned: [1, 2, 3]))
        lines.append("(\(active.installs) installs active in the last \(impact.activeDays) UTC calendar days, counted over all channels, in \(impact.groups) version/build/OS groups"
            + (impact.new.installs > 0 ? "; \(impact.new.installs) more first seen today, counted apart)" : ")"))
        return lines.joined(separator: "\n")
    }

    /// The impact a publish or rollback went out with, after the line naming the revision; nothing
    /// when there was nothing to count.
    static func published(_ impact: PolicyImpact) -> String? {
        impact.active.installs > 0 || impact.new.installs > 0 || !impact.known ? ImpactSentences(impact, published: true).summary : nil
    }
}
