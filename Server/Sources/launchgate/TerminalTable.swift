import LaunchGateStorage

/// Plain-text tables with share bars, for commands that print counts.
enum TerminalTable {
    /// A bar `width` cells wide at full share, in eighths of a cell.
    static func bar(_ share: Double, width: Int = 30) -> String {
        let eighths = Int((max(0, min(share, 1)) * Double(width * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    /// Rows padded to their columns' widths; the last column is left unpadded.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                guard column < row.count - 1 else { return cell }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `12.3 %`, right-aligned by the caller: the one format of every surface (``FigureText/percent(_:)``).
    static func percent(_ share: Double) -> String {
        FigureText.percent(share)
    }
}
