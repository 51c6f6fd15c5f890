import Foundation
import Testing
@testable import LaunchGateServer

@Suite("The SMTP client against a hostile or broken server: STARTTLS injection, endless replies, a stalled body, logins in the clear")
struct SMTPHostileServerTests {
    private func failure(_ url: String, _ message: MailMessage = SMTPTransportTests.message()) async -> MailDeliveryError? {
        do {
            try await SMTPMailTransport(settings: try SMTPSettings(url: url)).send(message)
            return nil
        } catch let error as MailDeliveryError { return error } catch {
            Issue.record("not a MailDeliveryError: \(error)")
            return nil
        }
    }

    // MARK: Tests

    @Test("a login over a plain connection is refused unless the server is on this machine, and the error says to use TLS")
    func plaintextLogin() throws {
        for url in ["smtp://u:p@mail.example.com?starttls=off", "smtp://u:p@192.0.2.1:25?starttls=off", "smtp://u@[2001:db8::1]?starttls=off",
                    "smtp://u:p@127.example.com?starttls=off"] {
            let error = #expect(throws: MailConfigurationError.self, "\(url)") { try SMTPSettings(url: url) }
            #expect(error?.message.contains("in the clear") == true && error?.message.contains("smtps://") == true
                && error?.message.contains("STARTTLS") == true, "\(error?.message ?? "")")
        }
        for url in ["smtp://u:p@127.0.0.1:2525?starttls=off", "smtp://u:p@127.8.9.10?starttls=off", "smtp://u:p@[::1]:25?starttls=off",
                    "smtp://u:p@LocalHost?starttls=off", "smtp://mail.example.com?starttls=off", "smtp://u:p@mail.example.com",
                    "smtps://u:p@mail.example.com"] {
            #expect(throws: Never.self, "\(url)") { try SMTPSettings(url: url) }
        }
        // Settings changed after parsing are checked again before a transport uses them.
        var settings = try SMTPSettings(url: "smtp://u:p@127.0.0.1?starttls=off")
        settings.host = "mail.example.com"
        #expect(throws: MailConfigurationError.self) { try SMTPMailTransport(settings: settings) }
    }
}
