import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Mail rendering: Mustache templates per app, MIME, encoded headers, quoted-printable")
struct MailRenderingTests {
    /// Undoes quoted-printable, to compare with what was encoded.
    private func decodeQuotedPrintable(_ text: String) -> String {
        let utf8 = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "="), index + 2 < utf8.count,
               let byte = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Tests

    @Test("the built-in templates carry the app's name, the code and its lifetime; HTML escapes, text doesn't")
    func builtIn() throws {
        let rendered = try MailTemplates.render(appName: "Tom & Jerry <Notes>", code: "483920", lifetime: 600, email: "ada@example.com", settings: nil)
        #expect(rendered.subject == "483920 is your Tom & Jerry <Notes> sign-in code")
        #expect(rendered.text.contains("Your Tom & Jerry <Notes> sign-in code is") && rendered.text.contains("    483920"))
        #expect(rendered.text.contains("for 10 minutes"))
        let late = try MailTemplates.render(appName: "Notes", code: "123456", lifetime: 70, email: "ada@example.com", settings: nil)
        #expect(late.text.contains("for 1 minute.") && late.html.contains("for 1 minute."), "not \"1 minutes\"")
        #expect(rendered.html.contains("Tom &amp; Jerry &lt;Notes&gt;") && rendered.html.contains(">483920</p>"))
    }

    @Test("an app's own templates replace the built-in ones, and one that doesn't parse is refused when saved")
    func overrides() async throws {
        let settings = SignInSettings(appID: "notes", codeLength: 6, subjectTemplate: "Code for {{app_name}}\r\nBcc: x@y.z",
                                      textTemplate: "{{code}} ({{minutes}} min) for {{email}}", htmlTemplate: "<i>{{code}}</i>")
        let rendered = try MailTemplates.render(appName: "Notes", code: "123456", lifetime: 300, email: "ada@example.com", settings: settings)
        #expect(rendered.subject == "Code for Notes Bcc: x@y.z", "one line, whatever the template says")
        #expect(rendered.text == "123456 (5 min) for ada@example.com")
        #expect(rendered.html == "<i>123456</i>")

        let fixture = try await SignInFixture.make()
        for broken in [SignInSettings(appID: "notes", textTemplate: "{{#code}}"), SignInSettings(appID: "notes", htmlTemplate: "{{/x}}")] {
            let error = await #expect(throws: SignInServiceError.self) { try await fixture.service.saveSettings(broken) }
            #expect(error?.code == "invalid_settings" && error?.message.contains("template is not valid Mustache") == true)
        }
        for length in [3, 11] {
            await #expect(throws: SignInServiceError.self) { try await fixture.service.saveSettings(SignInSettings(appID: "notes", codeLength: length)) }
        }
        await #expect(throws: ServiceError.appNotFound("ghost")) { try await fixture.service.saveSettings(SignInSettings(appID: "ghost")) }
        try await fixture.service.saveSettings(settings)
        #expect(try await fixture.service.settings(app: "notes") == settings)
    }

    @Test("quoted-printable keeps every line under 77 characters and decodes to the text")
    func quotedPrintable() {
        let text = "Zoë's code: 1234 = yes\n" + String(repeating: "long line é ", count: 20) + "\ntrailing space \n.\nend"
        let encoded = MIMEMessage.quotedPrintable(text)
        #expect(encoded.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 76 })
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(decodeQuotedPrintable(encoded) == text.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test("non-ASCII subjects and names become encoded words; controls never reach a header")
    func headers() throws {
        #expect(MIMEMessage.headerText("1234 is your Café code") == "=?utf-8?B?MTIzNCBpcyB5b3VyIENhZsOpIGNvZGU=?=")
        let long = MIMEMessage.headerText(String(repeating: "é", count: 60))
        #expect(long.components(separatedBy: "\r\n ").count == 3 && long.components(separatedBy: "\r\n ").allSatisfy { $0.count <= 75 })
        #expect(!MIMEMessage.headerText("a\r\nBcc: b").contains("\r\nB"))
        let message = MailMessage(from: try MailSender(parsing: "Zoë \"Z\" <z@example.com>"), to: "ada@example.com", subject: "x",
                                  text: "t", html: "h", date: Samples.now, messageID: "<m@example.com>")
        let rendered = try MIMEMessage.render(message, boundary: "b")
        #expect(rendered.contains("From: =?utf-8?B?"))
        #expect(rendered.hasSuffix("--b--\r\n"))
        #expect(SMTPMailTransport.dotStuffed(".a\r\nb\r\n..c\r\n") == "..a\r\nb\r\n...c\r\n")
    }
}
