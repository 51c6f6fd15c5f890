import LaunchGate
import LaunchGateAdoption
import LaunchGateStorage

/// A funnel's bars in a fixed order, drawn by the `chart` partial like ``AdoptionChart`` (the
/// same names: `id`, `caption`, `bars`, `scale`), but never re-ranked: a funnel reads top down.
struct FunnelChart: ConsoleView {
    package let id: String
    package let caption: String
    package let bars: [AdoptionChart.Bar]
    package let scale: Int

    /// The counts of a summary, each bar's length relative to the largest.
    package static func prompts(_ summary: FunnelSummary, id: String) -> FunnelChart {
        let labels: [(PromptFunnel.Event, String)] = [
            (.banner, "Banner shown"), (.details, "Details opened"), (.recommended, "Recommended screen shown"),
            (.required, "Required screen shown"), (.update, "Update Now tapped"), (.dismissed, "Dismissed"), (.notNow, "Not Now"),
        ]
        let largest = max(labels.map { summary.totals[$0.0] }.max() ?? 0, 1)
        return FunnelChart(id: id, caption: "Prompts and what people did", bars: labels.map { event, label in
            let count = summary.totals[event]
            let share = Double(count) / Double(largest)
            return AdoptionChart.Bar(label: label, installs: FigureText.grouped(count), percent: FigureText.percent(share),
                                     width: count == 0 ? 0 : max(1, Int((share * Double(AdoptionChart.fullWidth)).rounded())))
        }, scale: AdoptionChart.fullWidth)
    }

    /// The conversion of a summary: per window, the share ``FunnelSummary/updatedShare(withinDays:)``
    /// gives, the value its sentence prints.
    package static func updates(_ summary: FunnelSummary, id: String) -> FunnelChart? {
        guard let conversion = summary.conversion, conversion.prompted > 0 else { return nil }
        return FunnelChart(id: id, caption: "Prompted installs seen on a newer version", bars: conversion.windows.map { window in
            let share = summary.updatedShare(withinDays: window.days)
            return AdoptionChart.Bar(label: "Within \(FigureText.count(window.days, "day"))",
                                     installs: "\(FigureText.grouped(window.updated)) of \(FigureText.grouped(window.prompted))",
                                     percent: share.map(FigureText.percent) ?? "too early",
                                     width: share.map { $0 == 0 ? 0 : max(1, Int(($0 * Double(AdoptionChart.fullWidth)).rounded())) } ?? 0)
        }, scale: AdoptionChart.fullWidth)
    }
}
