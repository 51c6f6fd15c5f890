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

/// Typing "two" into Required version left the field unmarked until Preview was pressed, and the
/// beta channel's editor opened with a red "Fix the fields marked in the form" over a blank form.
@Suite("Console editor: problems are marked on their fields as the person types, and a blank form is no error")
struct ConsoleEditorValidationTests {
    // MARK: Tests

    @Test("the previews sent while typing list each field's problem with the field's id, which the script marks; the page marks it without script")
    func fieldMarks() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let form = [("csrf", csrf), ("base", "1"), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.required", "two")]
                let fragment = try await browser.post("/console/apps/notes/policy/preview-fragment", form).text
                #expect(fragment.contains(##"<li data-field="f-ios-required"><a href="#f-ios-required">iOS: Required version</a>: <span class="message">"##))
                #expect(fragment.contains(#"<p id="impact-summary" class="error">Fix the fields marked in the form"#))
                let page = try await browser.post("/console/apps/notes/policy/preview", form).text
                #expect(page.contains(#"id="f-ios-required" name="ios.required" value="two" autocomplete="off" data-validated aria-describedby="f-ios-required-hint f-ios-required-error" aria-invalid="true""#))
                #expect(page.contains(#"<p class="error field-error" id="f-ios-required-error">"#))
                #expect(page.contains(#"<p class="error field-error" id="f-ios-latestVersion-error" hidden></p>"#),
                        "a field without a problem has its empty, hidden error paragraph for the script to fill")
                let fixed = try await browser.post("/console/apps/notes/policy/preview-fragment",
                                                   [("csrf", csrf), ("base", "1"), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.required", "2.0.0"),
                                                    ("ios.updateURL", "https://apps.apple.com/app/id1234567890")]).text
                #expect(!fixed.contains("data-field="), "nothing to mark once it parses")
            }
        }
    }

    @Test("a channel with nothing published opens on a hint to fill in the form, not an error about fields nobody marked")
    func blankChannel() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let beta = try await browser.get("/console/apps/notes/policy?channel=beta").text
                #expect(beta.contains(#"<p id="impact-summary">Nothing is published on beta yet. Fill in the fields, and the impact and the screens show here.</p>"#))
                #expect(!beta.contains("Fix the fields marked") && !beta.contains(#"aria-invalid="true""#) && !beta.contains("invalid-fields"))
                #expect(beta.contains(#"<input type="hidden" name="base" value="none">"#))
            }
        }
    }
}
