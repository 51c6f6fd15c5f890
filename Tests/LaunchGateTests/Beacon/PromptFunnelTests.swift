import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The prompt funnel's counts: per revision, capped, at most four revisions, removed only as sent")
struct PromptFunnelTests {
    private let store = InMemoryKeyValueStore()
    private var funnel: PromptFunnel { PromptFunnel(store: store, keyPrefix: "test") }

    @Test("events are counted per revision and survive a new funnel over the same store")
    func counts() throws {
        funnel.record(.banner, revision: 3)
        funnel.record(.banner, revision: 3)
        funnel.record(.update, revision: 3)
        funnel.record(.required, revision: 4)
        let report = try #require(funnel.pending())
        #expect(report.revisions == [FunnelCounts(revision: 3, counts: [.banner: 2, .update: 1]), FunnelCounts(revision: 4, counts: [.required: 1])])
    }

    @Test("nothing is counted without a revision")
    func noRevision() {
        funnel.record(.banner, revision: nil)
        #expect(funnel.pending() == nil)
    }

    @Test("each count stops at the cap")
    func cap() throws {
        for _ in 0..<(PromptFunnel.maximumCount + 20) { funnel.record(.dismissed, revision: 1) }
        #expect(try #require(funnel.pending()).revisions.first?[.dismissed] == PromptFunnel.maximumCount)
    }

    @Test("a fifth revision drops the oldest")
    func revisions() throws {
        for revision in 1...6 { funnel.record(.banner, revision: revision) }
        #expect(try #require(funnel.pending()).revisions.map(\.revision) == [3, 4, 5, 6])
    }

    @Test("removing what was sent keeps what was counted meanwhile")
    func remove() throws {
        funnel.record(.banner, revision: 2)
        let sent = try #require(funnel.pending())
        funnel.record(.banner, revision: 2)
        funnel.record(.notNow, revision: 2)
        funnel.remove(sent)
        #expect(funnel.pending()?.revisions == [FunnelCounts(revision: 2, counts: [.banner: 1, .notNow: 1])])
        funnel.remove(try #require(funnel.pending()))
        #expect(funnel.pending() == nil && store.data(forKey: "test.funnel") == nil)
    }

    @Test("the wire form is flat, leaves zeros out, and is read strictly")
    func wire() throws {
        let report = FunnelReport(revisions: [FunnelCounts(revision: 12, counts: [.banner: 3, .update: 0, .notNow: 1])])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(report), as: UTF8.self) == #"{"funnel":[{"banner":3,"notNow":1,"revision":12}]}"#)
        let refused = [
            #"{"funnel":[{"revision":1,"banner":-1}]}"#, #"{"funnel":[{"revision":0,"banner":1}]}"#,
            #"{"funnel":[{"revision":1,"clicks":1}]}"#, #"{"funnel":[],"device":"x"}"#,
            #"{"funnel":[{"revision":1},{"revision":1}]}"#,
            #"{"funnel":[{"revision":1},{"revision":2},{"revision":3},{"revision":4},{"revision":5}]}"#,
        ]
        for text in refused {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(FunnelReport.self, from: Data(text.utf8)) }
        }
    }
}
