import Foundation
import LaunchGate

/// A line diff of two policies' pretty-printed JSON, for the publish and history pages.
enum PolicyDiff {
    /// One line of the diff.
    struct Line: Sendable, Equatable {
        enum Change: String, Sendable { case same, added, removed }
        let change: Change
        let text: String
        /// `+`, `−` or a space; stored, because Mustache reads stored properties only.
        let marker: String

        init(change: Change, text: String) {
            (self.change, self.text) = (change, text)
            marker = change == .added ? "+" : change == .removed ? "−" : " "
        }
    }

    /// Lines compared at the most per side; beyond it the diff shows everything as replaced,
    /// so a huge document costs no quadratic time.
    static let maximumLines = 800

    /// The document as the diff shows it: sorted keys, indented, `issuedAt` left out (every
    /// publish changes it).
    static func text(of policy: UpdatePolicy?) -> [String] {
        guard var policy else { return [] }
        policy.issuedAt = nil
        guard let data = try? policy.jsonData(),
              let object = try? JSONSerialization.jsonObject(with: data),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return []
        }
        return String(decoding: pretty, as: UTF8.self).components(separatedBy: "\n")
    }

    /// The lines from `old` to `new` (longest common subsequence); unchanged runs longer than
    /// six lines are trimmed to their first and last three.
    static func lines(from old: [String], to new: [String]) -> [Line] {
        guard old.count <= maximumLines, new.count <= maximumLines else {
            return old.map { Line(change: .removed, text: $0) } + new.map { Line(change: .added, text: $0) }
        }
        let (n, m) = (old.count, new.count)
        // Int32 keeps the largest table (801 × 801) near 2.5 MB.
        var table = Array(repeating: Array(repeating: Int32(0), count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [Line] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                result.append(Line(change: .same, text: old[i])); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                // What goes comes before what replaces it, as in a unified diff.
                result.append(Line(change: .removed, text: old[i])); i += 1
            } else {
                result.append(Line(change: .added, text: new[j])); j += 1
            }
        }
        return trimmed(result)
    }

    /// Whether anything changed.
    static func changes(_ lines: [Line]) -> Bool { lines.contains { $0.change != .same } }

    private static func trimmed(_ lines: [Line]) -> [Line] {
        var out: [Line] = []
        var run: [Line] = []
        func flush(last: Bool) {
            if run.count > 6 {
                out += (out.isEmpty ? [] : run.prefix(3)) + [Line(change: .same, text: "…")] + (last ? [] : run.suffix(3))
            } else {
                out += run
            }
            run = []
        }
        for line in lines {
            if line.change == .same { run.append(line) } else {
                flush(last: false)
                out.append(line)
            }
        }
        flush(last: true)
        return out
    }
}
