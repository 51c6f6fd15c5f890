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

/// Console forms showed the JSON API's words ("the request body is not the JSON this endpoint
/// expects", "see 'launchgate operators list'"); they now say what to change, next to the field.
@Suite("Console form errors are in form language, next to the field they are about")
struct ConsoleFormErrorTests {
    @Test("a note over 200 bytes is refused next to the note field, in the form's words")
    func noteNextToField() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await admin.get("/console/apps/notes/exemptions"))
                let refused = try await admin.post("/console/apps/notes/exemptions",
                                                   [("csrf", csrf), ("kind", "device"), ("value", "d"), ("note", String(repeating: "n", count: 201))])
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains(#"<p class="error" role="alert" id="note-error">Shorten the note to at most 200 bytes.</p>"#))
                #expect(refused.text.contains(#"aria-describedby="note-hint note-error" aria-invalid="true""#))
                #expect(!refused.text.contains("the note must be"), "not the API's message")
            }
        }
    }

    @Test("a rollback form without its revision says what to choose, not what the JSON API expects")
    func incompleteForm() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await admin.get("/console/apps/notes/history"))
                let refused = try await admin.post("/console/apps/notes/history/rollback?channel=production", [("csrf", csrf)])
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains("Choose the revision to roll back to."))
                #expect(!refused.text.contains("request body") && !refused.text.contains("JSON"))
            }
        }
    }

    @Test("each known code has its field; an unknown one goes to the top as a sentence")
    func mapping() {
        #expect(ConsoleFormError(ServiceError.invalidTokenName).field == .name)
        #expect(ConsoleFormError(OperatorError.exists("ada@example.com")).field == .email)
        #expect(ConsoleFormError(ServiceError.invalidExemption("the device ID must be 1 to 200 bytes without control characters")).field == .value)
        let other = ConsoleFormError(ServiceError.appNotFound("ghost"))
        #expect(other.field == nil && other.message.first?.isUppercase == true && other.message.hasSuffix("."))
        #expect(other.message(for: nil) == other.message && other.message(for: .name) == nil)
    }
}
