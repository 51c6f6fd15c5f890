import Foundation
import LaunchGateAdoption
import LaunchGateStorage

/// A horizontal bar chart of shares: a list whose rows hold the label and the figures as text,
/// and between them a bar drawn as SVG (no script, no inline style: the CSS colours and sizes it).
///
/// Each bar is its own SVG, ``scale`` units wide for 100 %, which the stylesheet stretches to its
/// track (`preserveAspectRatio="none"`); the text is HTML, so it keeps its size on a phone
/// instead of shrinking with a drawing.
struct AdoptionChart: ConsoleView {
    package struct Bar: ConsoleView {
        package let label: String
        package let installs: String
        package let percent: String
        /// The bar's length in the SVG's units: the share of ``AdoptionChart/scale``.
        package let width: Int
    }

    /// Bars shown at the most; the rest are summed into "other".
    package static let maximumBars = 12
    /// Units for a whole track (100 %): fine enough that 0.1 % shows as its own length.
    package static let fullWidth = 1_000

    package let id: String
    package let caption: String
    package let bars: [Bar]
    /// ``fullWidth``, for the template's `viewBox` (Mustache reads stored properties only).
    package let scale: Int

    /// - Parameter other: What the report already summed into its "other" bucket, added to this chart's.
    package init(id: String, caption: String, shares: [(label: String, installs: Int, share: Double)], other: AdoptionReport.Other? = nil) {
        // Most installs first; a tie keeps the report's order, which lists platforms iOS first.
        let ranked = shares.enumerated().sorted { ($0.element.installs, $1.offset) > ($1.element.installs, $0.offset) }.map(\.element)
        var rows = Array(ranked.prefix(Self.maximumBars))
        if shares.count > Self.maximumBars || other != nil {
            let rest = ranked.dropFirst(Self.maximumBars)
            rows.append(("other", rest.reduce(other?.installs ?? 0) { $0 + $1.installs }, rest.reduce(other?.share ?? 0) { $0 + $1.share }))
        }
        self.id = id
        self.caption = caption
        // At least a unit, so a share that rounds to nothing still shows that it is there.
        self.bars = rows.map { row in
            Bar(label: row.label, installs: FigureText.grouped(row.installs), percent: FigureText.percent(row.share),
                width: max(1, Int((row.share * Double(Self.fullWidth)).rounded())))
        }
        self.scale = Self.fullWidth
    }
}
