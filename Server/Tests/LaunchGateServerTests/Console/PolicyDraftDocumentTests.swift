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

/// The editor's fields covered versions, notes and URLs only: a rollout, texts per locale and the
/// rest of a policy needed the API. Now a rollout field per platform, and a JSON editor for the
/// whole document, both checked by the core's validation.
@Suite("Policy editor: a rollout percentage per platform and the whole document as JSON, validated by the core")
struct PolicyDraftDocumentTests {
    private func form(_ fields: [(String, String)]) -> ConsoleForm {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return ConsoleForm(encoded: fields.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&"))
    }

    private func iosFields(rollout: String) -> [(String, String)] {
        [("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.required", "2.0.0"), ("ios.updateURL", "https://apps.apple.com/app/id1"),
         ("ios.rollout", rollout)]
    }

    // MARK: Tests

    @Test("a rollout of 25 % is kept; 150 is refused next to the rollout field by the core's rule; text that is no plain decimal too")
    func rollout() {
        let now = Samples.now
        let kept = PolicyDraft(form: form(iosFields(rollout: "25")), base: nil, app: "notes", now: now)
        #expect(kept.policy?.platforms[.ios]?.rollout == .percentage(25))
        let tooMuch = PolicyDraft(form: form(iosFields(rollout: "150")), base: nil, app: "notes", now: now)
        #expect(tooMuch.policy == nil)
        let field = tooMuch.fieldsets.first?.fields.first { $0.name == "ios.rollout" }
        #expect(field?.error == "use a percentage from 0 to 100")
        for text in ["half", "0x10", "1e-320", "nan", "+5", "12.5.1"] {
            let words = PolicyDraft(form: form(iosFields(rollout: text)), base: nil, app: "notes", now: now)
            #expect(words.fieldsets.first?.fields.first { $0.name == "ios.rollout" }?.error?.contains("not a percentage") == true, "\(text)")
        }
        #expect(PolicyDraft(form: form(iosFields(rollout: "12.5 %")), base: nil, app: "notes", now: now).policy?.platforms[.ios]?.rollout
                == .percentage(12.5))
        let phased = PolicyDraft(form: form(iosFields(rollout: "apple-phased")), base: nil, app: "notes", now: now)
        #expect(phased.policy?.platforms[.ios]?.rollout == .applePhased)
    }

    @Test("with the JSON ticked, the draft is the document, localized texts included, and the fields show it")
    func document() throws {
        var policy = Samples.policy()
        var german = ScreenTexts()
        german.updateRequired = ScreenText(title: "Bitte aktualisieren")
        policy.platforms[.ios]?.texts["de"] = german
        let text = PolicyDraft.documentText(of: policy)
        let draft = PolicyDraft(form: form([("useDocument", "on"), ("document", text), ("platform", "ios"), ("ios.required", "9.9.9")]),
                                base: Samples.policy(), app: "notes", now: Samples.now)
        #expect(draft.usesDocument && draft.documentErrors.isEmpty)
        #expect(draft.policy?.platforms[.ios]?.texts["de"]?.updateRequired?.title == "Bitte aktualisieren")
        #expect(draft.fieldsets.first { $0.platform == "ios" }?.fields.first { $0.name == "ios.required" }?.value
                == policy.platforms[.ios]?.required?.version?.description, "the fields show the document, not what they held")
        let previews = ScreenPreviews.groups(for: try #require(draft.policy), now: Samples.now)
        #expect(previews.groups.contains { $0.locale == "de" })
    }

    @Test("JSON that doesn't parse, or breaks a rule, is refused with the reason and its path")
    func documentErrors() {
        let broken = PolicyDraft(form: form([("useDocument", "on"), ("document", #"{"schemaVersion": 1, "platforms": {"#)]), base: nil, app: "notes", now: Samples.now)
        #expect(broken.policy == nil && broken.documentErrors.first?.hasPrefix("The JSON can't be read") == true)
        var policy = Samples.policy()
        policy.platforms[.ios]?.rollout = .percentage(101)
        let invalid = PolicyDraft(form: form([("useDocument", "on"), ("document", PolicyDraft.documentText(of: policy))]), base: nil, app: "notes",
                                  now: Samples.now)
        #expect(invalid.policy == nil && invalid.documentErrors == ["platforms.ios.rollout.percentage: use a percentage from 0 to 100"])
    }

    @Test("the editor page has the rollout field and the JSON editor, and a preview of invalid JSON shows its issues next to it")
    func page() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let editor = try await browser.get("/console/apps/notes/policy")
                #expect(editor.text.contains(#"id="f-ios-rollout""#) && editor.text.contains(#"<textarea id="document" name="document""#))
                let preview = try await browser.post("/console/apps/notes/policy/preview",
                                                     [("csrf", ConsoleBrowser.csrf(in: editor)), ("useDocument", "on"), ("document", "{}")])
                #expect(preview.status == .ok)
                #expect(preview.text.contains(#"id="document-error""#) && preview.text.contains(#"aria-invalid="true">{}</textarea>"#))
            }
        }
    }
}
