import Foundation
import LaunchGate

/// Versions over time: a stacked column per day of each version's share of that day's active
/// installs, laid out on the server as SVG numbers; the CSS colours each series.
struct AdoptionTimeline: Sendable {
    struct Segment: Sendable {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let series: Int
        /// The tooltip: day, version, share and count.
        let title: String
    }

    struct Series: Sendable {
        let label: String
        let series: Int
    }

    /// Versions drawn as their own series; the rest are one "other" series.
    static let maximumSeries = 6
    static let plotHeight = 160.0
    static let plotWidth = 600.0

    let segments: [Segment]
    let legend: [Series]
    let hasDays: Bool
    let firstDay: String
    let lastDay: String

    /// - Parameters:
    ///   - history: The report's days, oldest first.
    ///   - today: The last day drawn, as an ``InstallDay`` number.
    ///   - days: Columns drawn, one per day up to today, whether or not installs were seen.
    init(history: [AdoptionReport.Day], today: Int, days: Int) {
        var totals: [String: Int] = [:]
        func name(_ share: AdoptionReport.Share) -> String {
            "\(Platform(rawValue: share.platform)?.osName ?? share.platform) \(share.version ?? "unknown")"
        }
        for day in history { for share in day.versions { totals[name(share), default: 0] += share.installs } }
        let named = totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(Self.maximumSeries).map(\.key)
        let index = Dictionary(uniqueKeysWithValues: named.enumerated().map { ($1, $0) })
        let other = named.count
        let width = Self.plotWidth / Double(max(days, 1))
        let first = today - days + 1
        var segments: [Segment] = []
        for day in history {
            guard let number = AdoptionReport.day(day.date), number >= first, number <= today else { continue }
            let column = number - first
            var shares: [Int: (Double, Int)] = [:]
            for share in day.versions {
                let series = index[name(share)] ?? other
                shares[series] = ((shares[series]?.0 ?? 0) + share.share, (shares[series]?.1 ?? 0) + share.installs)
            }
            // Versions the report already left out of its history.
            if let rest = day.other { shares[other] = ((shares[other]?.0 ?? 0) + rest.share, (shares[other]?.1 ?? 0) + rest.installs) }
            var top = Self.plotHeight
            for (series, value) in shares.sorted(by: { $0.key < $1.key }) {
                let height = value.0 * Self.plotHeight
                top -= height
                let label = series < named.count ? named[series] : "other"
                segments.append(Segment(x: 40 + Int((Double(column) * width).rounded()), y: Int(top.rounded()) + 4,
                                        width: max(1, Int((width * 0.85).rounded())), height: max(1, Int(height.rounded())), series: series,
                                        title: "\(day.date) · \(label): \(PolicyImpact.percent(value.0)), \(PolicyImpact.grouped(value.1))"))
            }
        }
        self.segments = segments
        self.legend = named.enumerated().map { Series(label: $1, series: $0) } + (totals.count > named.count || history.contains { $0.other != nil } ? [Series(label: "other", series: other)] : [])
        self.hasDays = !history.isEmpty
        self.firstDay = AdoptionReport.date(first)
        self.lastDay = AdoptionReport.date(today)
    }
}
