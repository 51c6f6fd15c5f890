import Foundation
import LaunchGate
import LaunchGateAdoption
import LaunchGateStorage

/// Versions over time: a stacked column per UTC calendar day of each version's share of that
/// day's active installs, laid out on the server as SVG numbers; the CSS colours each series.
///
/// The SVG is the plot alone, in a ``plotWidth`` × ``plotHeight`` space that the stylesheet
/// stretches to the card (`preserveAspectRatio="none"`): its labels (100 %, 0 %, the first and
/// last day) are HTML beside it, so they keep their size on a phone instead of shrinking with
/// the drawing. Each day has a slot, oldest on the left, today's ending where the axis ends, so
/// a single day of data sits at the right end of the axis and not somewhere in the middle.
struct AdoptionTimeline: ConsoleView {
    package struct Segment: ConsoleView {
        package let x: Int
        package let y: Int
        package let width: Int
        package let height: Int
        package let series: Int
        /// The tooltip: day, version, share and count.
        package let title: String
    }

    /// A day in the axis with no installs recorded: drawn as an outlined empty column that says
    /// so, where a blank slot would read as an outage (or as nobody using the app that day).
    package struct Gap: ConsoleView {
        package let x: Int
        package let width: Int
        /// The plot's full height: an empty day's column is outlined top to bottom.
        package let height: Int
        /// The day, `yyyy-MM-dd`.
        package let date: String
        /// The tooltip: the day, and that nothing was recorded.
        package let title: String
    }

    package struct Series: ConsoleView {
        package let label: String
        package let series: Int
    }

    /// Versions drawn as their own series; the rest are one "other" series.
    package static let maximumSeries = 6
    /// The plot's size in the SVG's units: the axis runs from 0 to ``plotWidth``, 100 % is at the
    /// top (0) and 0 % at ``plotHeight``. Wide, so a day's column is several units wide.
    package static let plotWidth = 900.0
    package static let plotHeight = 160.0

    package let segments: [Segment]
    /// The days drawn with no installs recorded, oldest first.
    package let gaps: [Gap]
    /// What the gaps mean, in a sentence under the chart; `nil` when every day has installs.
    package let gapNote: String?
    package let legend: [Series]
    /// The days drawn, one column each, today the last.
    package let days: Int
    package let firstDay: String
    package let lastDay: String
    /// ``plotWidth`` and ``plotHeight`` for the template's `viewBox` and axis lines (Mustache
    /// reads stored properties only).
    package let width: Int
    package let height: Int

    /// - Parameters:
    ///   - history: The report's days, oldest first.
    ///   - today: The last day drawn, as an ``InstallDay`` number.
    ///   - days: Columns drawn, one per day up to today, whether or not installs were seen.
    package init(history: [AdoptionReport.Day], today: Int, days: Int) {
        var totals: [String: Int] = [:]
        var platforms: [String: String] = [:]
        func name(_ share: AdoptionReport.Share) -> String {
            "\(Platform(rawValue: share.platform)?.osName ?? share.platform) \(share.version ?? "unknown")"
        }
        for day in history {
            for share in day.versions {
                totals[name(share), default: 0] += share.installs
                platforms[name(share)] = share.platform
            }
        }
        // Most installs first; a tie in platforms' order (iOS first, as everywhere), then by name.
        let named = totals.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            let (left, right) = (platforms[a.key] ?? "", platforms[b.key] ?? "")
            if left != right { return AdoptionReport.platformOrder(left, right) }
            return a.key < b.key
        }.prefix(Self.maximumSeries).map(\.key)
        let index = Dictionary(uniqueKeysWithValues: named.enumerated().map { ($1, $0) })
        let other = named.count
        let slot = Self.plotWidth / Double(max(days, 1))
        // A gap on each column's left: the slot's right edge is the day's end, so today's column ends with the axis.
        let gap = min(slot * 0.15, 8)
        let first = today - days + 1
        var segments: [Segment] = []
        var recorded = Set<Int>()
        for day in history {
            guard let number = AdoptionReport.day(day.date), number >= first, number <= today, day.activeInstalls > 0 else { continue }
            recorded.insert(number)
            let column = number - first
            var shares: [Int: (Double, Int)] = [:]
            for share in day.versions {
                let series = index[name(share)] ?? other
                shares[series] = ((shares[series]?.0 ?? 0) + share.share, (shares[series]?.1 ?? 0) + share.installs)
            }
            // Versions the report already left out of its history.
            if let rest = day.other { shares[other] = ((shares[other]?.0 ?? 0) + rest.share, (shares[other]?.1 ?? 0) + rest.installs) }
            var top = Self.plotHeight
            let left = Int((Double(column) * slot + gap).rounded())
            let right = Int((Double(column + 1) * slot).rounded())
            for (series, value) in shares.sorted(by: { $0.key < $1.key }) {
                let height = value.0 * Self.plotHeight
                top -= height
                let label = series < named.count ? named[series] : "other"
                segments.append(Segment(x: left, y: Int(top.rounded()),
                                        width: max(1, right - left), height: max(1, Int(height.rounded())), series: series,
                                        title: "\(day.date) · \(label): \(FigureText.percent(value.0)), \(FigureText.grouped(value.1))"))
            }
        }
        self.segments = segments
        self.gaps = stride(from: first, through: today, by: 1).filter { !recorded.contains($0) }.map { number in
            let column = number - first
            let left = Int((Double(column) * slot + gap).rounded())
            let date = AdoptionReport.date(number)
            return Gap(x: left, width: max(1, Int((Double(column + 1) * slot).rounded()) - left), height: Int(Self.plotHeight), date: date,
                       title: "\(date) · no installs recorded")
        }
        self.gapNote = gaps.isEmpty ? nil : Self.gapNote(days: gaps.count)
        self.legend = named.enumerated().map { Series(label: $1, series: $0) } + (totals.count > named.count || history.contains { $0.other != nil } ? [Series(label: "other", series: other)] : [])
        self.days = days
        self.firstDay = AdoptionReport.date(first)
        self.lastDay = AdoptionReport.date(today)
        (width, height) = (Int(Self.plotWidth), Int(Self.plotHeight))
    }

    /// The sentence under a chart with empty days: they are days without data, not days the
    /// installs went to zero, and a person should know the likely reasons.
    static func gapNote(days: Int) -> String {
        let count = days == 1 ? "1 day" : "\(FigureText.grouped(days)) days"
        return "Outlined columns are days with no installs recorded (\(count)): the app wasn't live yet, no app asked, "
            + "or the server wasn't recording. They are missing data, not zero installs."
    }
}
