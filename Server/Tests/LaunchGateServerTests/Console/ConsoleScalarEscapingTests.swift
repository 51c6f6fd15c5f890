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

/// swift-mustache escapes whole `Character`s, so `"` or `<` followed by a combining mark (one
/// grapheme) went out raw; the console's escaping works on scalars.
@Suite("Console escaping is by scalar: a quote or bracket with a combining mark is still escaped")
struct ConsoleScalarEscapingTests {
    private static let quote = "\"\u{301}"
    private static let bracket = "<\u{301}"

    /// Whether `text`'s UTF-8 holds `needle`'s bytes, whatever graphemes they are part of.
    private func containsBytes(_ text: String, _ needle: String) -> Bool {
        let (haystack, bytes) = (Array(text.utf8), Array(needle.utf8))
        guard haystack.count >= bytes.count else { return false }
        return (0...(haystack.count - bytes.count)).contains { haystack[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }

    private func editorFields(_ csrf: String, notes: String, note: String, base: String = "1") -> [(String, String)] {
        [("csrf", csrf), ("base", base), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.notes", notes), ("ios.required", "2.0.0"),
         ("ios.updateURL", "https://apps.apple.com/app/id1"), ("note", note)]
    }

    // MARK: Tests

    @Test("the escaper replaces the five HTML-special scalars also when a combining mark follows them")
    func escaper() {
        #expect(ScalarHTMLEscaping.escape(Self.quote + "a" + Self.bracket + ">'&") == "&quot;\u{301}a&lt;\u{301}&gt;&#39;&amp;")
        #expect(ScalarHTMLEscaping.escape("plain é 日本") == "plain é 日本")
    }

    @Test("notes and app names with a quote or bracket before a combining mark reach text and attributes escaped")
    func combiningMarks() async throws {
        try await TestServer.with { server in
            let payload = Self.quote + " autofocus onfocus=alert(1) x=" + Self.quote + Self.bracket + "img src=x onerror=alert(2)>"
            try await server.components.repository.createApp(AppRecord(id: "marked", name: "Name" + payload, createdAt: Samples.now))
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let pages = [
                    try await browser.get("/console/apps").text,
                    // The app's name in the <title>, a heading and links' text.
                    try await browser.get("/console/apps/marked").text,
                    // The notes in the textarea and the previews; the history note in an attribute (value="…").
                    try await browser.post("/console/apps/notes/policy/preview", editorFields(csrf, notes: payload, note: payload)).text,
                ]
                for page in pages {
                    #expect(!containsBytes(page, Self.quote), "a raw quote with a combining mark")
                    #expect(!containsBytes(page, Self.bracket), "a raw bracket with a combining mark")
                    #expect(containsBytes(page, "&quot;\u{301}") && containsBytes(page, "&lt;\u{301}"))
                }
                let published = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, notes: payload, note: payload))
                #expect(published.status == .seeOther)
                let history = try await browser.get(try #require(published.headers[.location])).text
                #expect(!containsBytes(history, Self.quote) && !containsBytes(history, Self.bracket))
            }
        }
    }

    @Test("previewed release notes take their own direction (dir=auto), so English notes read left to right in an Arabic preview")
    func notesDirection() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let editor = try await browser.get("/console/apps/notes/policy").text
                #expect(editor.contains(#"<p class="screen-notes" dir="auto">Faster sync.</p>"#))
            }
        }
    }
}
