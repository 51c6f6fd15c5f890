import Foundation
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The outbox: delivery off the request path, retries with backoff, permanent failures, restarts")
struct OutboxWorkerTests {
    private func worker(_ fixture: SignInFixture, _ transport: any MailTransport, atOnce: Int = 4) -> OutboxWorker {
        OutboxWorker(signIn: fixture.service, apps: fixture.components.repository, transport: transport,
                     sender: try! MailSender(parsing: "Notes <no-reply@example.com>"), logger: TestBackend.logger, deliveriesAtOnce: atOnce)
    }

    // MARK: Tests

    @Test("a queued code is rendered with the app's name and delivered, and the outbox forgets the code", arguments: TestBackend.available)
    func delivery(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let mailbox = RecordingMailTransport()
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "c")
        #expect(try await worker(fixture, mailbox).deliverDue() == 1)
        let mail = try #require(mailbox.messages.first)
        #expect(mail.to == "ada@example.com" && mail.subject.hasSuffix("is your Notes sign-in code"))
        let code = try #require(mailbox.code(for: "ada@example.com"))
        #expect(mail.text.contains(code) && mail.html.contains(code) && mail.messageID.hasSuffix("@example.com>"))
        let status = try await fixture.service.outboxStatus()
        #expect(status.counts["sent"] == 1 && status.counts["pending"] == 0 && status.oldestPendingAt == nil)
        #expect(try await worker(fixture, mailbox).deliverDue() == 0, "sent once")
        #expect(try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "c")
            .completion.isNewUser)
        await fixture.close()
    }

    @Test("SMTP down, then back: the mail is retried with backoff and arrives")
    func outage() async throws {
        let fixture = try await SignInFixture.make()
        let mailbox = RecordingMailTransport()
        mailbox.fail(with: [.temporary("connection refused"), .temporary("421 try later")])
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "c")
        let worker = worker(fixture, mailbox)
        #expect(try await worker.deliverDue() == 1)
        #expect(try await worker.deliverDue() == 0, "not due again before its backoff")
        fixture.clock.advance(by: 5)
        #expect(try await worker.deliverDue() == 1)
        fixture.clock.advance(by: 9)
        #expect(try await worker.deliverDue() == 0)
        fixture.clock.advance(by: 1)
        #expect(try await worker.deliverDue() == 1)
        #expect(mailbox.messages.count == 1)
        #expect(try await fixture.service.outboxStatus().counts["sent"] == 1)
    }

    @Test("a permanent failure is recorded for operators, and the next send-code answers delivery_failed once")
    func permanent() async throws {
        let fixture = try await SignInFixture.make()
        let mailbox = RecordingMailTransport()
        mailbox.fail(with: [.permanent("the mail server answered RCPT TO with 550 5.1.1 no such mailbox")])
        _ = try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
        try await worker(fixture, mailbox).deliverDue()
        let status = try await fixture.service.outboxStatus()
        #expect(status.counts["failed"] == 1)
        #expect(status.failures.first?.email == "gone@example.com" && status.failures.first?.lastError?.contains("550 5.1.1") == true)
        fixture.clock.advance(by: 60)
        await #expect(throws: SignInServiceError.deliveryFailed) {
            try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
        }
        _ = try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
    }

    @Test("slow deliveries stop a batch while its claim still covers the one under way; the rest go once, after the claim lapses")
    func slowDeliveriesRespectTheClaim() async throws {
        let fixture = try await SignInFixture.make()
        // Each delivery takes 50 s of the fake clock and may take 60; the claim lasts 180 s.
        let clock = fixture.clock
        let mailbox = RecordingMailTransport(longestDelivery: .seconds(60)) { clock.advance(by: 50) }
        for index in 0..<5 { _ = try await fixture.service.sendCode(app: "notes", email: "user\(index)@example.com", client: "c") }
        // One at a time, so that each delivery moves the clock after the one before.
        let worker = worker(fixture, mailbox, atOnce: 1)
        #expect(worker.lease == 180)
        #expect(try await worker.deliverDue() == 5)
        // Started at 0, 50 and 100 s; at 150 s a 60 s delivery would outlast the claim.
        #expect(mailbox.messages.count == 3)
        #expect(try await worker.deliverDue() == 0, "the others are still claimed")
        fixture.clock.advance(by: 30)
        #expect(try await worker.deliverDue() == 2)
        #expect(Set(mailbox.messages.map(\.to)).count == 5 && mailbox.messages.count == 5, "each sent once")
        #expect(try await fixture.service.outboxStatus().counts["sent"] == 5)
        #expect(OutboxWorker(signIn: fixture.service, apps: fixture.components.repository,
                             transport: RecordingMailTransport(longestDelivery: .seconds(150)),
                             sender: try MailSender(parsing: "a@example.com"), logger: TestBackend.logger).lease == 300)
    }

    @Test("a batch's deliveries run 4 at once, so a slow mail server doesn't queue sign-in mail behind a flood (re-attack N1)")
    func deliveriesAtOnce() async throws {
        let fixture = try await SignInFixture.make()
        let mailbox = GatedMailTransport(expected: 4)
        for index in 0..<8 { _ = try await fixture.service.sendCode(app: "notes", email: "user\(index)@example.com", client: "c") }
        #expect(try await worker(fixture, mailbox).deliverDue() == 8)
        #expect(await mailbox.delivered == 8)
        #expect(await mailbox.most == 4, "at most 4 at once, and 4 were")
        await fixture.close()
    }

    @Test("with more deliveries at once than the usual claim of 10, a claim takes one message for each, and all run at once (review s11, V2)")
    func moreDeliveriesThanAClaim() async throws {
        let fixture = try await SignInFixture.make()
        let mailbox = GatedMailTransport(expected: 16)
        for index in 0..<20 { _ = try await fixture.service.sendCode(app: "notes", email: "user\(index)@example.com", client: "c\(index)") }
        #expect(try await worker(fixture, mailbox, atOnce: 16).deliverDue() == 16)
        #expect(await mailbox.delivered == 16)
        // More than 10 at once shows the claim's size; exactly 16 needs every one under way within the gate's 2 s.
        #expect(await mailbox.most > 10, "more at once than the 10 a claim used to hold")
        await fixture.close()
    }

    @Test("mail whose code expired before it could be delivered is dropped, not sent")
    func expired() async throws {
        let fixture = try await SignInFixture.make()
        let mailbox = RecordingMailTransport()
        mailbox.fail(with: Array(repeating: .temporary("down"), count: 20))
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "c")
        let worker = worker(fixture, mailbox)
        for _ in 0..<12 {
            try await worker.deliverDue()
            fixture.clock.advance(by: 60)
        }
        let status = try await fixture.service.outboxStatus()
        #expect(status.counts["expired"] == 1 && status.counts["pending"] == 0 && mailbox.messages.isEmpty)
    }

    @Test("mail queued before a restart is delivered by the next process", arguments: TestBackend.sql)
    func restart(backend: TestBackend) async throws {
        try await backend.withFreshLocation { location in
            let before = try await SignInFixture.make(location: location)
            _ = try await before.service.sendCode(app: "notes", email: "ada@example.com", client: "c")
            await before.close()
            let after = try await SignInFixture.make(location: location)
            after.clock.set(before.clock.date)
            let mailbox = RecordingMailTransport()
            #expect(try await worker(after, mailbox).deliverDue() == 1)
            let code = try #require(mailbox.code(for: "ada@example.com"))
            #expect(try await after.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "c")
                .completion.isNewUser)
            await after.close()
        }
    }

    @Test("backoff doubles from 5 s up to 5 minutes")
    func backoff() {
        #expect((1...8).map { OutboxWorker.backoff(afterAttempt: $0) } == [5, 10, 20, 40, 80, 160, 300, 300])
    }

    @Test("the log transport prints the whole message, code included, and serve's banner says where mail goes")
    func logTransport() async throws {
        let printed = Printed()
        let transport = LogMailTransport(write: { printed.append($0) })
        try await transport.send(SMTPTransportTests.message())
        #expect(printed.text.contains("1234 is your Notes sign-in code") && printed.text.contains("To: ada@example.com"))
        #expect(transport.destination.contains("standard output"))
    }
}

private final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}

@Suite("The outbox signal")
struct OutboxSignalTests {
    @Test("a wait ends at a notification or at its timeout, and keeps waiting the whole timeout every time after")
    func waits() async throws {
        let signal = OutboxSignal()
        signal.notify()
        let clock = ContinuousClock()
        #expect(await clock.measure { await signal.wait(atMost: .seconds(5)) } < .seconds(1), "a notification before the wait counts")
        for _ in 0..<3 {
            let waited = await clock.measure { await signal.wait(atMost: .milliseconds(200)) }
            #expect(waited >= .milliseconds(190), "no wait returns early: \(waited)")
        }
        let notified = Task { await clock.measure { await signal.wait(atMost: .seconds(5)) } }
        try await Task.sleep(for: .milliseconds(100))
        signal.notify()
        // Well under the 5 s timeout, so a lost notification still fails; the margin is for a CI
        // machine busy enough to delay the woken task by seconds (it once took over 2).
        #expect(await notified.value < .seconds(4))
    }
}

/// A mailbox whose sends each wait until `expected` are under way (or 2 s have passed), counting
/// the most at once: delivered one at a time, each waits out the 2 s and the most is 1.
private actor GatedMailTransport: MailTransport {
    private let expected: Int
    private var now = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The most sends under way at once.
    private(set) var most = 0
    /// The messages delivered.
    private(set) var delivered = 0

    init(expected: Int) { self.expected = expected }

    nonisolated var destination: String { "a gated test mailbox" }
    nonisolated var longestDelivery: Duration { .seconds(30) }

    func send(_ message: MailMessage) async throws {
        now += 1
        most = max(most, now)
        if most >= expected {
            waiting.forEach { $0.resume() }
            waiting = []
        } else {
            let timeout = Task { [weak self] in
                try? await Task.sleep(for: .seconds(2))
                await self?.release()
            }
            await withCheckedContinuation { waiting.append($0) }
            timeout.cancel()
        }
        now -= 1
        delivered += 1
    }

    private func release() {
        waiting.forEach { $0.resume() }
        waiting = []
    }
}
