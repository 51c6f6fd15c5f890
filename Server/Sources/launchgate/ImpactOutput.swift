import LaunchGateServer

/// How `policy publish --dry-run` prints an impact.
enum ImpactOutput {
    static func render(_ impact: PolicyImpact) -> String {
        var lines = [impact.summary]
        guard impact.activeInstalls > 0 else { return lines.joined(separator: "\n") }
        lines.append("")
        let total = Double(impact.activeInstalls)
        var rows = [["OUTCOME", "NOW", "AFTER", "SHARE", ""]]
        for outcome in InstallOutcome.allCases {
            let (now, after) = (impact.currentOutcomes[outcome] ?? 0, impact.outcomes[outcome] ?? 0)
            guard now != 0 || after != 0 else { continue }
            rows.append([outcome.rawValue, String(now), String(after), TerminalTable.percent(Double(after) / total),
                         TerminalTable.bar(Double(after) / total)])
        }
        lines.append(TerminalTable.render(rows, rightAligned: [1, 2, 3]))
        lines.append("(\(impact.activeInstalls) installs active in the last \(impact.activeDays) UTC calendar days, counted over \(impact.countedChannels) channels, in \(impact.groups) version/build/OS groups"
            + (impact.newInstalls > 0 ? "; \(impact.newInstalls) more first seen today, counted apart)" : ")"))
        return lines.joined(separator: "\n")
    }
}
