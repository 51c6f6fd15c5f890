import Foundation
import Testing
@testable import LaunchGateSignIn

@Suite("The per-client verify cap counts in memory, in a bounded table")
struct ClientWindowCounterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    // MARK: Tests

    @Test("a client gets its limit per window, then waits for the window's end; other clients count apart")
    func limit() {
        let counter = ClientWindowCounter(limit: 2, window: 300)
        #expect(counter.record("a", at: Self.now) == nil)
        #expect(counter.record("a", at: Self.now.addingTimeInterval(100)) == nil)
        #expect(counter.record("a", at: Self.now.addingTimeInterval(100)) == 200)
        #expect(counter.record("b", at: Self.now.addingTimeInterval(100)) == nil)
        #expect(counter.record("a", at: Self.now.addingTimeInterval(300)) == nil, "a new window")
    }

    @Test("a flood from more clients than the table holds keeps it at its size, forgetting the window that ends soonest")
    func bounded() {
        let counter = ClientWindowCounter(limit: 1, window: 300, maximumClients: 100)
        for index in 0..<1_000 { _ = counter.record("client-\(index)", at: Self.now.addingTimeInterval(Double(index) / 100)) }
        #expect(counter.count == 100)
        #expect(counter.record("client-999", at: Self.now.addingTimeInterval(10)) != nil, "the newest client is still counted")
        #expect(counter.record("client-0", at: Self.now.addingTimeInterval(10)) == nil, "the oldest was forgotten")
        #expect(counter.count == 100)
    }

    @Test("a client whose window began again is forgotten by its new start, not its first: the first to go is the oldest live window")
    func restartedWindow() {
        let counter = ClientWindowCounter(limit: 1, window: 300, maximumClients: 2)
        _ = counter.record("a", at: Self.now)
        _ = counter.record("b", at: Self.now.addingTimeInterval(100))
        _ = counter.record("a", at: Self.now.addingTimeInterval(301))  // a's second window
        _ = counter.record("c", at: Self.now.addingTimeInterval(302))  // full: b began first now
        #expect(counter.record("a", at: Self.now.addingTimeInterval(303)) != nil, "a's window of 301 is still counted")
        #expect(counter.record("b", at: Self.now.addingTimeInterval(303)) == nil, "b was forgotten")
    }

    @Test("the queue of windows stays within twice the table however often windows begin again")
    func queueBounded() {
        let counter = ClientWindowCounter(limit: 1, window: 1, maximumClients: 50)
        for index in 0..<20_000 { _ = counter.record("client-\(index % 10)", at: Self.now.addingTimeInterval(Double(index))) }
        #expect(counter.count == 10)
        #expect(counter.queued <= 2 * 16)
    }
}
