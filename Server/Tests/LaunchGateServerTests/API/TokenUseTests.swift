import Foundation
import HummingbirdTesting
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Tokens' last use: written at most once a minute per token, shown on the console's tokens page")
struct TokenUseTests {
    // MARK: Tests

    @Test("a token used again within the minute keeps its stored time; after the minute it moves", arguments: TestBackend.available)
    func onceAMinute(_ backend: TestBackend) async throws {
        try await backend.withRepository { repository, _ in
            let clock = TestClock()
            let tokens = AdminTokens(repository: repository, now: clock.now)
            let (record, secret) = try await tokens.create(name: "ci", scope: .read)
            #expect(try await repository.token(id: record.id)?.lastUsedAt == nil)
            let first = clock.date
            #expect(try await tokens.verify(secret)?.lastUsedAt?.milliseconds == first.milliseconds)
            clock.advance(by: 30)
            _ = try await tokens.verify(secret)
            #expect(try await repository.token(id: record.id)?.lastUsedAt?.milliseconds == first.milliseconds, "no write within the minute")
            clock.advance(by: 31)
            _ = try await tokens.verify(secret)
            #expect(try await repository.token(id: record.id)?.lastUsedAt?.milliseconds == clock.date.milliseconds)
            #expect(try await tokens.verify(String(secret.dropLast()) + "x") == nil, "a wrong secret is no use")
        }
    }

    @Test("the throttle forgets everyone when full, so its table stays bounded")
    func bounded() {
        let throttle = TokenUseThrottle(interval: 60, maximumTokens: 2)
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(throttle.shouldWrite("a", at: now) && throttle.shouldWrite("b", at: now))
        #expect(!throttle.shouldWrite("a", at: now.addingTimeInterval(1)))
        #expect(throttle.shouldWrite("c", at: now.addingTimeInterval(1)), "a third token empties the table")
        #expect(throttle.shouldWrite("a", at: now.addingTimeInterval(2)))
    }

    @Test("the tokens page shows when each token was last used, and never for one that wasn't")
    func page() async throws {
        try await TestServer.with { server in
            _ = try await server.token(scope: .read)
            try await server.application.test(.router) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let page = try await admin.get("/console/tokens")
                #expect(page.text.contains(#"<th scope="col">Last used</th>"#))
                let cells = page.text.components(separatedBy: #"<td data-label="Last used" class="last-used">"#).dropFirst().map { $0.prefix(while: { $0 != "<" }) }
                #expect(cells.count == 2)
                #expect(cells.contains("never"), "the read token was never used")
                #expect(cells.contains { $0.hasSuffix(" UTC") }, "the admin token signed in just now")
            }
        }
    }
}
