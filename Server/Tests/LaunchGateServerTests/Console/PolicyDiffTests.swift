import LaunchGate
import Testing
@testable import LaunchGateServer

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

    @Test("the documents' issuedAt is left out, so a republished policy shows no change")
    func issuedAtIgnored() throws {
        var first = Samples.policy()
        first.issuedAt = Samples.now
        var second = first
        second.issuedAt = Samples.now.addingTimeInterval(60)
        #expect(!PolicyDiff.changes(PolicyDiff.lines(from: PolicyDiff.text(of: first), to: PolicyDiff.text(of: second))))
        #expect(PolicyDiff.changes(PolicyDiff.lines(from: PolicyDiff.text(of: first), to: PolicyDiff.text(of: Samples.policy(required: "2.1.0")))))
    }
}
