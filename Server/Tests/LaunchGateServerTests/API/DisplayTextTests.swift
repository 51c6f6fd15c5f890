import Foundation
import HTTPTypes
import Hummingbird
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

/// Issue 27, item 6: app names, exemption notes and console publish notes took ESC and newlines,
/// and the CLI printed them raw: `apps list | cat -v` showed terminal escapes, and a publish-scope
/// console user forged a `policy history` row. They now follow the token names' rule
/// (``DisplayText``), and the CLI escapes whatever older rows hold (``TerminalText``).
@Suite("Names and notes are one line of printable text, refused at every service, and escaped in the CLI")
struct DisplayTextTests {
    /// What the attack used, and the characters the token names' rule already refused.
    static let hostile = ["Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31m", "note\n99\t2030-01-01T00:00:00Z\tadmin\trollback to 1", "cr\r",
                          "evil\u{202E}nimda", "iso\u{2066}late", "c1\u{9B}31m", "del\u{7F}", "line\u{2028}sep", "\u{200E}mark"]

    /// The editor's fields for the sample policy, with a new latest version and `note`.
    private func editorFields(_ csrf: String, note: String) -> [(String, String)] {
        [("csrf", csrf), ("base", "1"), ("platform", "ios"), ("ios.latestVersion", "2.4.2"), ("ios.latestBuild", "242"), ("ios.notes", "Faster sync."),
         ("ios.minimumOS", "16.0"), ("ios.recommended", "2.3.0"), ("ios.required", "2.0.0"), ("ios.requiredBuild", "200"),
         ("ios.updateURL", "https://apps.apple.com/app/id1"), ("platform", "android"), ("android.latestVersion", "2.4.0"),
         ("android.required", "1.9.0"), ("android.updateURL", "https://play.google.com/store/apps/details?id=x"), ("note", note)]
    }

    // MARK: Tests

    @Test("the API refuses an app name with control or direction characters with invalid-app-name, and creates nothing", arguments: hostile)
    func appName(_ name: String) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let body = try JSONSerialization.data(withJSONObject: ["id": "evil", "name": name])
            let response = try await client.execute(uri: "/v1/admin/apps", method: .post, headers: TestServer.bearer(server.adminToken),
                                                    body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid-app-name")
        }
        #expect(try await server.components.repository.app(id: "evil") == nil)
    }

    @Test("the API refuses an exemption note with control or direction characters, and exempts nothing", arguments: hostile)
    func exemptionNote(_ note: String) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let body = try JSONSerialization.data(withJSONObject: ["kind": "install", "value": "tester-1", "note": note])
            let response = try await client.execute(uri: "/v1/admin/apps/notes/exemptions", method: .post, headers: TestServer.bearer(server.adminToken),
                                                    body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid-exemption")
        }
        #expect(try await server.components.policies.exemptions(app: "notes").isEmpty)
    }

    @Test("every way of publishing refuses a revision note with control or direction characters with invalid-note", arguments: hostile)
    func publishNote(_ note: String) async throws {
        let server = try await TestServer.make()
        let error = await #expect(throws: ServiceError.self) {
            try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "console", note: note)
        }
        #expect(error?.code == "invalid-note")
        #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 1)
    }

    @Test("ordinary names and notes pass: accents, emoji, right-to-left letters, and no note at all")
    func ordinaryText() async throws {
        let server = try await TestServer.make()
        for (index, name) in ["Zoë's Notes", "Notes 🚀", "פתקים", "❤️ team"].enumerated() {
            #expect(try await server.components.policies.createApp(id: "app\(index)", name: name).name == name)
        }
        for note in [nil, "", "App Review (Zoë) 🚀", "בודק"] {
            try await server.components.policies.addExemption(app: "notes", kind: .install, id: "tester-\(note ?? "nil")", note: note, author: "cli")
            try PolicyService.validateNote(note)
        }
    }

    @Test("the console refuses a publish note with a forged history row, and an exemption note with ESC, next to their fields")
    func console() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                // A publish-scope user forged a `policy history` row with this note.
                try await browser.signIn(try await server.token(scope: .publish))
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let refused = try await browser.post("/console/apps/notes/policy/publish",
                                                     editorFields(csrf, note: "fixed\n99\t2030-01-01T00:00:00Z\tadmin\trollback to 1"))
                #expect(refused.status == .unprocessableContent)
                #expect(refused.text.contains(#"id="note-error">The note must be one line, without control characters or bidirectional overrides.</p>"#))
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 1)

                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let adminCSRF = ConsoleBrowser.csrf(in: try await admin.get("/console/apps/notes/exemptions"))
                let exemption = try await admin.post("/console/apps/notes/exemptions",
                                                     [("csrf", adminCSRF), ("kind", "install"), ("value", "tester-1"), ("note", "Evil\u{1B}[2J")])
                #expect(exemption.status == .badRequest)
                #expect(exemption.text.contains("Write the note on one line, without control characters or text-direction marks."))
                #expect(try await server.components.policies.exemptions(app: "notes").isEmpty)
            }
        }
    }

    @Test("the CLI's rows escape every refused character, so a stored ESC, newline, tab or override can't forge or recolour a row")
    func terminalRows() {
        let row = TerminalText.row(["notes", "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J", "a\nb\tc", "evil\u{202E}nimda", "Zoë 🚀 ❤️"])
        #expect(row == "notes\tEvil\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\ta\u{FFFD}b\u{FFFD}c\tevil\u{FFFD}nimda\tZoë 🚀 ❤️")
        #expect(row.split(separator: "\t").count == 5 && !row.contains("\n"))
        for text in Self.hostile {
            #expect(!TerminalText.printable(text).unicodeScalars.contains(where: DisplayText.isRefused), "\(text.debugDescription)")
        }
    }
}
