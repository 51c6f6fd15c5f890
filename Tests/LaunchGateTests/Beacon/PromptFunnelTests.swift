import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The prompt funnel's counts: per channel's revision, capped, at most four revisions, removed only as sent")
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

    @Test("the least recently counted revision is dropped, whatever its number: beta's 43 doesn't push out production's live 3")
    func evictsByLastUse() throws {
        funnel.record(.banner, revision: 3, channel: .production)
        for revision in 40...42 { funnel.record(.banner, revision: revision, channel: .beta) }
        funnel.record(.banner, revision: 3, channel: .production)
        funnel.record(.banner, revision: 43, channel: .beta)
        let kept = try #require(funnel.pending()).revisions
        #expect(kept.map { "\($0.channel.rawValue) \($0.revision)" } == ["beta 41", "beta 42", "production 3", "beta 43"])
        #expect(kept.first { $0.channel == .production }?[.banner] == 2)
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

    @Test("the wire form is flat, leaves zeros and production's channel out (older servers refuse the key), and is read strictly")
    func wire() throws {
        let report = FunnelReport(revisions: [FunnelCounts(revision: 12, counts: [.banner: 3, .update: 0, .notNow: 1]),
                                              FunnelCounts(revision: 4, channel: .beta, counts: [.banner: 1])])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(report), as: UTF8.self)
            == #"{"funnel":[{"banner":3,"notNow":1,"revision":12},{"banner":1,"channel":"beta","revision":4}]}"#)
        let refused = [
            #"{"funnel":[{"revision":1,"banner":-1}]}"#, #"{"funnel":[{"revision":0,"banner":1}]}"#,
            #"{"funnel":[{"revision":1,"clicks":1}]}"#, #"{"funnel":[],"device":"x"}"#,
            #"{"funnel":[{"revision":1},{"revision":1}]}"#, #"{"funnel":[{"revision":1},{"revision":1,"channel":"production"}]}"#,
            #"{"funnel":[{"revision":1,"channel":"alpha"}]}"#, #"{"funnel":[{"revision":1,"channel":null}]}"#,
            #"{"funnel":[{"revision":1},{"revision":2},{"revision":3},{"revision":4},{"revision":5}]}"#,
        ]
        for text in refused {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(FunnelReport.self, from: Data(text.utf8)) }
        }
    }

    @Test("beta's revision 3 and production's revision 3 are counted apart, sent with their channel, and removed apart")
    func channels() throws {
        funnel.record(.banner, revision: 3, channel: .production)
        funnel.record(.required, revision: 3, channel: .beta)
        let sent = try #require(funnel.pending())
        #expect(sent.revisions == [FunnelCounts(revision: 3, channel: .production, counts: [.banner: 1]),
                                   FunnelCounts(revision: 3, channel: .beta, counts: [.required: 1])])
        let decoded = try JSONDecoder().decode(FunnelReport.self, from: try JSONEncoder().encode(sent))
        #expect(decoded == sent)
        funnel.record(.required, revision: 3, channel: .beta)
        funnel.remove(FunnelReport(revisions: [sent.revisions[0]]))
        #expect(funnel.pending()?.revisions == [FunnelCounts(revision: 3, channel: .beta, counts: [.required: 2])])
    }

    @Test("counts without a channel, as SDKs before it sent them, read as production's")
    func noChannel() throws {
        let report = try JSONDecoder().decode(FunnelReport.self, from: Data(#"{"funnel":[{"revision":2,"banner":1},{"revision":2,"channel":"beta","banner":1}]}"#.utf8))
        #expect(report.revisions.map(\.channel) == [.production, .beta])
    }
}
