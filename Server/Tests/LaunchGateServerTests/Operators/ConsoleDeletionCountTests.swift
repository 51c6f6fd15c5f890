import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Console users page: deleted accounts as counts per day and requester, never a row that names or singles out a person")
struct ConsoleDeletionCountTests {
    private func appSignIn(_ server: TestServer, _ email: String, client: String) async throws -> String {
        _ = try await server.components.signIn.sendCode(app: "notes", email: email, client: client)
        let code = try #require(try await server.code(for: email))
        return try await server.components.signIn.verifyCode(app: "notes", email: email, code: code, deviceID: "phone", client: client).token
    }

    // MARK: Tests

    @Test("two deletions by their users and one by an operator today show as today's counts, and the addresses nowhere")
    func countsPerDay() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))  // 2026-11-30
        try await TestServer.with(now: clock.now) { server in
            let ada = try await appSignIn(server, "ada@example.com", client: "192.0.2.1")
            _ = try await appSignIn(server, "bob@example.com", client: "198.51.100.1")
            let cy = try await appSignIn(server, "cy@example.com", client: "203.0.113.1")
            _ = try await appSignIn(server, "dee@example.com", client: "203.0.113.2")
            try await server.components.signIn.deleteAccount(app: "notes", token: ada)
            try await server.components.signIn.deleteAccount(app: "notes", token: cy)
            #expect(try await server.components.signIn.deleteUser(app: "notes", idOrEmail: "bob@example.com"))
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let page = try await browser.get("/console/apps/notes/users")
                #expect(page.status == .ok)
                #expect(page.text.contains("3 accounts deleted in the last 30 days"), "\(page.text)")
                #expect(page.text.contains(#"<td data-label="Day (UTC)">2026-11-30</td><td data-label="By the user">2</td><td data-label="By an operator">1</td>"#))
                #expect(!page.text.contains("ada@example.com") && !page.text.contains("bob@example.com"))
                #expect(!page.text.contains("cy@example.com") && page.text.contains("dee@example.com"))
            }
        }
    }

    @Test("with no deletions the page says so and draws no table")
    func none() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let page = try await browser.get("/console/apps/notes/users")
                #expect(page.text.contains("No accounts deleted in the last 30 days"))
                #expect(!page.text.contains("Deleted accounts per day"))
            }
        }
    }
}
