import Foundation
import LaunchGate

/// A line diff of two policies' pretty-printed JSON, for the publish and history pages.
///
/// Its cost is bounded whatever the documents: common leading and trailing lines are matched in
/// linear time, and the rest with Myers' algorithm stopped after ``maximumEdits`` (time
/// O((n + m) · D), memory O(D²)); past that the middle shows as removed and added whole. Pages
/// show at most ``maximumShownLines`` of a diff, each at most ``maximumShownLineBytes`` (``Shown``).
package enum PolicyDiff {
    /// One line of the diff.
    package struct Line: ConsoleView, Equatable {
        package enum Change: String, Codable, Sendable, CaseIterable { case same, added, removed }
        package let change: Change
        package let text: String
        /// `+`, `−` or a space; stored, because Mustache reads stored properties only.
        package let marker: String
        /// Where a changed line is in its document, such as "iOS required"; `nil` for the others
        /// and for a change at the document's top level.
        package let context: String?

        package init(change: Change, text: String, context: String? = nil) {
            (self.change, self.text, self.context) = (change, text, context)
            marker = change == .added ? "+" : change == .removed ? "−" : " "
        }
    }

    /// A diff as a page shows it: its first lines, and how many more there are, with a link to
    /// the page that shows them all when there is one.
    struct Shown: ConsoleView {
        package let lines: [Line]
        /// Lines not shown; `nil` when every line is.
        package let more: Int?
        /// Where the whole diff is, if anywhere.
        package let fullDiff: String?

        /// - Parameter limit: The most lines shown, each cut to ``PolicyDiff/maximumShownLineBytes``;
        ///   `nil` shows every line whole.
        package init(_ lines: [Line], limit: Int?, fullDiff: String?) {
            let shown = limit.map { Array(lines.prefix($0)) } ?? lines
            self.lines = limit == nil ? shown : shown.map { line in
                line.text.utf8.count > PolicyDiff.maximumShownLineBytes
                    ? Line(change: line.change, text: line.text.shortened(toUTF8Bytes: PolicyDiff.maximumShownLineBytes), context: line.context) : line
            }
            self.more = lines.count > shown.count ? lines.count - shown.count : nil
            self.fullDiff = fullDiff
        }
    }

    /// The most insertions plus deletions searched for between the common head and tail; a
    /// bigger change shows as the whole middle replaced.
    static let maximumEdits = 200
    /// The most diff lines a page shows of one diff.
    static let maximumShownLines = 120
    /// The most of one line a shortened diff shows, in UTF-8 bytes (release notes are one line of
    /// up to 16,000 bytes); the revision's own page shows it whole.
    static let maximumShownLineBytes = 300

    /// The document as the diff shows it: sorted keys, indented, `issuedAt` left out (every
    /// publish changes it).
    package static func text(of policy: UpdatePolicy?) -> [String] {
        guard var policy else { return [] }
        policy.issuedAt = nil
        guard let data = try? policy.jsonData(),
              let object = try? JSONSerialization.jsonObject(with: data),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return []
        }
        return String(decoding: pretty, as: UTF8.self).components(separatedBy: "\n")
    }

    /// The lines from `old` to `new`, removals before the additions that replace them; unchanged
    /// runs longer than six lines are trimmed to their first and last three.
    package static func lines(from old: [String], to new: [String]) -> [Line] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let (a, b) = (Array(old[head..<(old.count - tail)]), Array(new[head..<(new.count - tail)]))
        let middle = edits(from: a, to: b, maximum: maximumEdits)
            ?? a.map { Line(change: .removed, text: $0) } + b.map { Line(change: .added, text: $0) }
        let all = old[..<head].map { Line(change: .same, text: $0) } + removalsFirst(middle)
            + old[(old.count - tail)...].map { Line(change: .same, text: $0) }
        return trimmed(withContexts(all))
    }

    /// Whether anything changed.
    package static func changes(_ lines: [Line]) -> Bool { lines.contains { $0.change != .same } }

    /// Myers' shortest edit script, or `nil` when it needs more than `maximum` edits.
    static func edits(from a: [String], to b: [String], maximum: Int) -> [Line]? {
        let (n, m) = (a.count, b.count)
        let limit = min(maximum, n + m)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier before each round, for the walk back; only its live band is kept.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { return walkBack(trace, a: a, b: b) }
            }
        }
        return nil
    }

    private static func walkBack(_ trace: [[Int]], a: [String], b: [String]) -> [Line] {
        var (x, y) = (a.count, b.count)
        var reversed: [Line] = []
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            // trace[d] holds v[-d-1 ... d+1].
            func v(_ k: Int) -> Int { trace[d][k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && v(k - 1) < v(k + 1)) ? k + 1 : k - 1
            let previousX = v(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                reversed.append(Line(change: .same, text: a[x - 1])); x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { reversed.append(Line(change: .added, text: b[y - 1])) } else { reversed.append(Line(change: .removed, text: a[x - 1])) }
            }
            (x, y) = (previousX, previousY)
        }
        return reversed.reversed()
    }

    /// Each run of changes with what goes before what replaces it, as in a unified diff.
    private static func removalsFirst(_ lines: [Line]) -> [Line] {
        var out: [Line] = []
        var added: [Line] = []
        for line in lines {
            switch line.change {
            case .removed: out.append(line)
            case .added: added.append(line)
            case .same:
                out += added
                added = []
                out.append(line)
            }
        }
        return out + added
    }

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
