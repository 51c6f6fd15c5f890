import Foundation
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A token's name is shown in console lists, in the history as who published, and in the CLI's
/// tab-separated lists: a newline forged a row there, and a bidi override showed it reversed.
@Suite("Token names are one line of printable text: no newlines, control characters or bidi overrides")
struct TokenNameTests {
    static let refused = ["ci\nadmin", "ci\r", "tab\there", "bell\u{07}", "del\u{7F}", "c1\u{85}", "line\u{2028}sep",
                          "evil\u{202E}nimda", "\u{202A}x", "\u{202D}x", "iso\u{2066}late", "pop\u{2069}", "   ", "",
                          // Found by the second attack: direction marks, invisible-only names, tags, annotations.
                          "\u{200E}admin", "admin\u{200F}", "\u{061C}x", "\u{200B}\u{200C}", "\u{200D}", "\u{3164}", "\u{2800}",
                          "\u{FE0F}", "\u{0301}", "ad\u{E0041}\u{E0042}min", "\u{FFF9}ci\u{FFFA}cd\u{FFFB}", "a\u{00AD}b"]

    // MARK: Tests

    @Test("the service refuses each such name with invalid-token-name and saves nothing", arguments: refused)
    func serviceRefuses(_ name: String) async throws {
        let repository = MemoryRepository()
        let tokens = AdminTokens(repository: repository)
        await #expect(throws: ServiceError.invalidTokenName) { try await tokens.create(name: name, scope: .read) }
        #expect(await repository.tokens().isEmpty)
    }

    @Test("ordinary names pass, accents, emoji and right-to-left letters included")
    func ordinaryNames() async throws {
        let tokens = AdminTokens(repository: MemoryRepository())
        for name in ["ci", "Zoë's laptop", "deploy 🚀", "מפתח", "a-b_c.d (read)", "❤️ team", "👨‍👩‍👧 family"] {
            #expect(try await tokens.create(name: name, scope: .read).0.name == name)
        }
    }

    @Test("the console's token form refuses a name with a newline next to its field, and makes no token")
    func consoleRefuses() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let page = try await admin.get("/console/tokens")
                let refused = try await admin.post("/console/tokens", [("csrf", ConsoleBrowser.csrf(in: page)), ("name", "ci\nadmin"), ("scope", "read")])
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains(#"id="token-name-error""#) && refused.text.contains("on one line"))
                #expect(!refused.text.contains("lgt_"))
                #expect(try await server.components.repository.tokens().count == 1, "only the server's own admin token")
            }
        }
    }
}
