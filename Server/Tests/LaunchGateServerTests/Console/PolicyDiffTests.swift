import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Policy diffs: changed lines in order, removals first, long unchanged runs trimmed")
struct PolicyDiffTests {
    @Test("a changed line shows as its removal then its addition, between unchanged neighbours")
    func changedLine() {
        let lines = PolicyDiff.lines(from: ["a", "b", "c"], to: ["a", "B", "c"])
        #expect(lines.map { "\($0.marker)\($0.text)" } == [" a", "−b", "+B", " c"])
        #expect(PolicyDiff.changes(lines))
    }

    @Test("unchanged runs longer than six lines keep three lines of context on each side of a change")
    func trimmed() {
        let old = (1...20).map(String.init)
        var new = old
        new[9] = "ten"
        let lines = PolicyDiff.lines(from: old, to: new).map(\.text)
        #expect(lines == ["…", "7", "8", "9", "10", "ten", "11", "12", "13", "…"])
    }

    @Test("each changed line names where it is, the platform by its name: iOS required, Android latest")
    func contexts() throws {
        let old = Samples.policy(required: "2.0.0")
        var new = Samples.policy(required: "2.3.0")
        new.platforms[.android] = PlatformPolicy(latest: Release(version: "3.1.0"))
        let changed = PolicyDiff.lines(from: PolicyDiff.text(of: old), to: PolicyDiff.text(of: new)).filter { $0.change != .same }
        let required = changed.filter { $0.text.contains("2.0.0") || $0.text.contains("2.3.0") }
        #expect(!required.isEmpty && required.allSatisfy { $0.context == "iOS required" }, "\(required)")
        let android = try #require(changed.first { $0.text.contains("3.1.0") })
        #expect(android.context == "Android latest")
        let dropped = try #require(changed.first { $0.text.contains("1.9.0") })
        #expect(dropped.change == .removed && dropped.context == "Android required", "a removed line names its place in the old document")
    }

    @Test("the documents' issuedAt is left out, so a republished policy shows no change")
    func issuedAtIgnored() throws {
        var first = Samples.policy()
        first.issuedAt = Samples.now
        var second = first
        second.issuedAt = Samples.now.addingTimeInterval(60)
        #expect(!PolicyDiff.changes(PolicyDiff.lines(from: PolicyDiff.text(of: first), to: PolicyDiff.text(of: second))))
        #expect(PolicyDiff.changes(PolicyDiff.lines(from: PolicyDiff.text(of: first), to: PolicyDiff.text(of: Samples.policy(required: "2.1.0")))))
    }

    @Test("one changed line in a 5,000-line document shows as that line with its context, not the whole document replaced")
    func longDocumentSmallChange() {
        let old = (0..<5_000).map { "line \($0)" }
        var new = old
        new[2_500] = "changed"
        new.insert("inserted", at: 4_000)
        let lines = PolicyDiff.lines(from: old, to: new)
        #expect(lines.filter { $0.change == .removed }.map(\.text) == ["line 2500"])
        #expect(lines.filter { $0.change == .added }.map(\.text) == ["changed", "inserted"])
        #expect(lines.count < 30)
    }

    @Test("the edit script turns the old lines into the new ones with the fewest edits, and gives up past its bound")
    func shortestEdits() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let edits = try #require(PolicyDiff.edits(from: old, to: new, maximum: 100))
            #expect(edits.filter { $0.change != .added }.map(\.text) == old)
            #expect(edits.filter { $0.change != .removed }.map(\.text) == new)
            let count = edits.filter { $0.change != .same }.count
            #expect(count == old.count + new.count - 2 * Self.longestCommonSubsequence(old, new), "\(old) → \(new)")
        }
        #expect(PolicyDiff.edits(from: (0..<50).map(String.init), to: (50..<100).map(String.init), maximum: 99) == nil)
        #expect(PolicyDiff.edits(from: (0..<50).map(String.init), to: (50..<100).map(String.init), maximum: 100)?.count == 100)
    }

    private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
