import Foundation

/// A horizontal bar chart of shares, laid out on the server as SVG numbers (no script, no
/// inline style: the CSS colours it).
struct AdoptionChart: Encodable, Sendable {
    struct Bar: Encodable, Sendable {
        let label: String
        let installs: String
        let percent: String
        let y: Int
        let textY: Int
        let width: Int
        let valueX: Int
    }

    /// Bars shown at the most; the rest are summed into "other".
    static let maximumBars = 12
    /// The bars' full width, in the SVG's units.
    static let barWidth = 300.0

    let id: String
    let caption: String
    let bars: [Bar]
    let height: Int

    /// - Parameter other: What the report already summed into its "other" bucket, added to this chart's.
    init(id: String, caption: String, shares: [(label: String, installs: Int, share: Double)], other: AdoptionReport.Other? = nil) {
        var rows = Array(shares.sorted { $0.installs > $1.installs }.prefix(Self.maximumBars))
        if shares.count > Self.maximumBars || other != nil {
            let rest = shares.sorted { $0.installs > $1.installs }.dropFirst(Self.maximumBars)
            rows.append(("other", rest.reduce(other?.installs ?? 0) { $0 + $1.installs }, rest.reduce(other?.share ?? 0) { $0 + $1.share }))
        }
        self.id = id
        self.caption = caption
        self.bars = rows.enumerated().map { index, row in
            let width = max(1, Int((row.share * Self.barWidth).rounded()))
            return Bar(label: row.label, installs: ConsoleFigures.count(row.installs), percent: ConsoleFigures.percent(row.share),
                       y: index * 30 + 4, textY: index * 30 + 20, width: width, valueX: 170 + width + 8)
        }
        self.height = max(30, rows.count * 30 + 8)
    }
}
