import Foundation
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A read token could make the history print 50 whole documents of hundreds of lines each per
/// GET; now it pages and every diff shown is bounded.
@Suite("Console history: paged, with bounded diffs and a page for one revision's whole diff")
struct ConsoleHistoryPagingTests {
    /// The sample policy with `count` blocked iOS versions: one pretty-printed line each.
    private func policy(blocking count: Int) -> UpdatePolicy {
        var policy = Samples.policy()
        policy.platforms[.ios]?.blocked.versions = (0..<count).map { AppVersion([1, 0, $0]) }
        return policy
    }

    /// Revisions 2 to `count` (the server publishes 1): revision 2 blocks 300 versions, later ones alternate.
    private func publish(_ server: TestServer, upTo count: Int) async throws {
        for number in 2...count {
            let document = number == 2 ? policy(blocking: 300) : policy(blocking: number % 2 == 0 ? 2 : 1)
            _ = try await server.components.repository.publish(appID: "notes", channel: .production, policy: document, author: "a",
                                                               note: "n\(number)", at: Samples.now)
        }
    }

    // MARK: Tests

    @Test("the history shows 20 revisions a page, newest first, with links to newer and older pages")
    func paged() async throws {
        try await TestServer.with { server in
            try await publish(server, upTo: 45)
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let first = try await browser.get("/console/apps/notes/history?channel=production").text
                #expect(first.contains(#"id="revision-45""#) && first.contains(#"id="revision-26""#))
                #expect(!first.contains(#"id="revision-25""#), "the 21st newest is on the next page")
                #expect(first.contains("Page 1 of 3"))
                #expect(first.contains(#"page=2" rel="next""#) && !first.contains(#"rel="prev""#))
                let last = try await browser.get("/console/apps/notes/history?channel=production&page=3").text
                #expect(last.contains(#"id="revision-5""#) && last.contains(#"id="revision-1""#) && !last.contains(#"id="revision-6""#))
                #expect(last.contains(#"page=2" rel="prev""#) && !last.contains(#"rel="next""#))
                let beyond = try await browser.get("/console/apps/notes/history?channel=production&page=99").text
                #expect(beyond.contains("Page 3 of 3"), "a page past the end shows the last one")
            }
        }
    }

    @Test("a long diff shows its first 120 lines, says how many more, and links to the revision's whole diff")
    func boundedDiff() async throws {
        try await TestServer.with { server in
            try await publish(server, upTo: 3)
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let history = try await browser.get("/console/apps/notes/history?channel=production")
                #expect(history.text.contains("more lines not shown."))
                #expect(history.text.contains(#"<a href="/console/apps/notes/history/2?channel=production">See the whole diff</a>"#))
                #expect(!history.text.contains("&quot;1.0.299&quot;"), "the diff of revision 2 is cut before its last line")
                #expect(history.body.readableBytes < 200_000)
                let whole = try await browser.get("/console/apps/notes/history/2?channel=production")
                #expect(whole.status == .ok)
                #expect(whole.text.contains("Changes against revision 1"))
                #expect(whole.text.contains("&quot;1.0.299&quot;") && !whole.text.contains("more lines not shown"))
                #expect(try await browser.get("/console/apps/notes/history/9?channel=production").status == .notFound)
                #expect(try await browser.get("/console/apps/notes/history/x?channel=production").status == .notFound)
            }
        }
    }
}
