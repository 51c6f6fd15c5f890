import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGatePolicies
import LaunchGateServer
import LaunchGateStorage

/// How `policy publish --dry-run`, a publish and a refused publish print an impact: the sentences
/// of ``ImpactSentences``, one a line, and the figures of each platform in a table, from the same
/// platform counts as the console's table and the API's `platforms`.
enum ImpactOutput {
    static func render(_ impact: PolicyImpact) -> String {
        var lines = ImpactSentences(impact).sentences
        let counted = impact.platforms.sorted { $0.key.isListed(before: $1.key) }.filter { $0.value.counted.installs > 0 }
        guard !counted.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("")
        // The empty last column lets the last share be right-aligned too.
        var rows = [["PLATFORM", "INSTALLS", "BLOCKED", "SHARE", "NEWLY BLOCKED", "SHARE", ""]]
        for (platform, counts) in counted {
            let shown = counts.counted
            rows.append([ImpactSentences.name(platform) + (counts.countsOnlyNew ? " (first seen today)" : ""), FigureText.grouped(shown.installs),
                         FigureText.grouped(shown.blocked), FigureText.percent(shown.blockedShare),
                         FigureText.grouped(shown.newlyBlocked), FigureText.percent(shown.newlyBlockedShare), ""])
        }
        lines.append(TerminalTable.render(rows, rightAligned: [1, 2, 3, 4, 5]))
        let active = impact.active
        guard active.installs > 0 else { return lines.joined(separator: "\n") }
        let names = counted.filter { $0.value.active.installs > 0 }.map { ImpactSentences.name($0.key) }.joined(separator: " and ")
        lines += ["", "Outcomes of the \(FigureText.count(active.installs, "active install")) on \(names) together:"]
        let total = Double(active.installs)
        var outcomes = [["OUTCOME", "NOW", "AFTER", "SHARE", ""]]
        for outcome in InstallOutcome.allCases {
            let (now, after) = (impact.currentOutcomes[outcome] ?? 0, impact.outcomes[outcome] ?? 0)
            guard now != 0 || after != 0 else { continue }
            outcomes.append([outcome.rawValue, FigureText.grouped(now), FigureText.grouped(after),
                             TerminalTable.percent(Double(after) / total), TerminalTable.bar(Double(after) / total)])
        }
        lines.append(TerminalTable.render(outcomes, rightAligned: [1, 2, 3]))
        lines.append("(active in the last \(impact.activeDays) UTC calendar days, counted over all channels, in "
            + FigureText.count(impact.groups, "version/build/OS group") + ")")
        return lines.joined(separator: "\n")
    }

    /// The impact a publish or rollback went out with, after the line naming the revision, one
    /// sentence a line; nothing when there was nothing to count.
    static func published(_ impact: PolicyImpact) -> String? {
        impact.active.installs > 0 || impact.new.installs > 0 || !impact.known
            ? ImpactSentences(impact, published: true).sentences.joined(separator: "\n") : nil
    }

    /// Prints a refusal of the publish guard in the CLI's words (a short sentence, the impact
    /// indented under it, the flags to go on with) and gives the exit code to leave with; any
    /// other error is given back as it is.
    static func refusal(_ error: any Error, _ action: GuardRefusal.Action) -> any Error {
        guard let error = error as? AdoptionError, let refusal = error.refusal else { return error }
        FileHandle.standardError.write(Data(("Error: " + refusal.sentence(for: .cli(action)) + "\n").utf8))
        return ExitCode(ExitStatus.code(for: error))
    }
}
