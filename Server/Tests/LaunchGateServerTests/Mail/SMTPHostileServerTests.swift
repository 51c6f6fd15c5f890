import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

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

    @Test("text sent in the clear right after the 220 to STARTTLS fails the delivery and is never read as a reply from inside TLS")
    func startTLSInjection() async throws {
        // What a man in the middle would add: an EHLO answer without AUTH or STARTTLS, whole lines
        // or the start of one, either of which the old client read after the handshake.
        for injected in ["250-injected\r\n250 8BITMIME\r\n", "250 half a line"] {
            let server = try await FakeSMTPServer.start(.init(offerStartTLS: true, afterStartTLSReply: injected))
            let error = await failure("smtp://localhost:\(server.port)?cafile=\(SMTPTransportTests.caFile)")
            #expect(error?.isPermanent == false)
            #expect(error?.message.contains("after its 220 to STARTTLS") == true, "\(error?.message ?? "delivered")")
            #expect(server.sessions.first?.commands == ["EHLO localhost", "STARTTLS"], "nothing more was said, in TLS or not")
            #expect(server.messages.isEmpty)
            await server.stop()
        }
    }

    @Test("a reply of more than 100 lines or 64 KiB fails the delivery instead of filling memory")
    func endlessReply() async throws {
        let manyLines = Array(repeating: "X-PADDING", count: 100)
        let manyBytes = Array(repeating: String(repeating: "X", count: 4000), count: 17)
        for lines in [manyLines, manyBytes] {
            let server = try await FakeSMTPServer.start(.init(extraEHLOLines: lines))
            let error = await failure("smtp://127.0.0.1:\(server.port)?starttls=off")
            #expect(error?.isPermanent == false)
            #expect(error?.message.contains("longer than 100 lines or 64 KiB") == true, "\(error?.message ?? "delivered")")
            #expect(server.sessions.first?.commands == ["EHLO localhost"])
            await server.stop()
        }
        // 98 extra lines make EHLO's reply 100 lines, of which the longest real servers send a fraction.
        let longest = try await FakeSMTPServer.start(.init(extraEHLOLines: Array(repeating: "X-PADDING", count: 98)))
        #expect(await failure("smtp://127.0.0.1:\(longest.port)?starttls=off") == nil)
        await longest.stop()
    }

    @Test("a write the server does not take within the timeout fails the delivery: a server that stops reading can't hold it")
    func stalledWrite() async throws {
        let server = try await FakeSMTPServer.start(.init(stopsReadingAtData: true))
        let transport = try SMTPMailTransport(settings: try SMTPSettings(url: "smtp://127.0.0.1:\(server.port)?starttls=off"))
        // The conversation itself, not a whole send: rendering a message this big takes seconds.
        let tally = SMTPInputTally()
        let channel = try await transport.connect(tally: tally)
        try await channel.executeThenClose { inbound, _ in
            // The greeting and DATA get a long limit, so that only the stalled write meets the short one.
            let smtp = SMTPConversation(channel: channel.channel, inbound: inbound, tally: tally, timeout: .seconds(30))
            let (greeting, data) = (try await smtp.reply(during: "the greeting"), try await smtp.command("DATA"))
            #expect(greeting.code == 220 && data.code == 354)
            smtp.timeout = .seconds(2)
            // Eight times what Linux's socket buffers hold at most (4 MiB), so the write has to wait for the server.
            let started = ContinuousClock.now
            let error = await #expect(throws: MailDeliveryError.self) {
                try await smtp.write(String(repeating: "a", count: 32 << 20), during: "the message")
            }
            #expect(error?.isPermanent == false)
            #expect(error?.message.contains("did not take the message within 2") == true, "\(error?.message ?? "taken")")
            #expect(ContinuousClock.now - started < .seconds(20))
        }
        await server.stop()
    }

    @Test("a server that answers every step in time can't hold a message past the whole-message deadline (three step timeouts)")
    func slowEveryStep() async throws {
        let server = try await FakeSMTPServer.start(.init(replyDelay: .milliseconds(800)))
        var settings = try SMTPSettings(url: "smtp://127.0.0.1:\(server.port)?starttls=off&timeout=3")
        #expect(settings.messageTimeout == .seconds(9))
        #expect(try SMTPMailTransport(settings: settings).longestDelivery == .seconds(19), "10 s to connect, then 3 × 3 s")
        // Steps far inside their own timeout, so only the whole-message deadline can end this: the
        // third reply is due after 2.4 s, past a 2 s deadline, however slowly the machine runs.
        settings.replyTimeout = .seconds(10)
        settings.messageTimeout = .seconds(2)
        let started = ContinuousClock.now
        let error = await #expect(throws: MailDeliveryError.self) {
            try await SMTPMailTransport(settings: settings).send(MailMessage(
                from: try MailSender(parsing: "a@example.com"), to: "b@example.com", subject: "s", text: "t", html: "h", date: Date(),
                messageID: "<m@example.com>"))
        }
        #expect(error?.isPermanent == false)
        #expect(error?.message.contains("did not finish the message within 2") == true, "\(error?.message ?? "sent")")
        // Without the deadline the conversation would succeed, which the error above catches; the
        // upper bound only catches a stall, and is loose because a loaded CI machine answered in 19.7 s.
        let took = ContinuousClock.now - started
        #expect(took >= .seconds(2) && took < .seconds(45))
        #expect(server.messages.isEmpty)
        await server.stop()
    }

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
