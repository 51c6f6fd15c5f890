import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("`launchgate mail status`: what it prints, by the injected clock, with no terminal control from the mail server")
struct MailStatusReportTests {
    private static func failure(lastError: String?) -> OutboxMessage {
        OutboxMessage(id: "msg_1", appID: "notes", email: "ada@example.com", sealedCode: nil, codeExpiresAt: Samples.now, state: .failed,
                      attempts: 1, nextAttemptAt: Samples.now, lastError: lastError, createdAt: Samples.now,
                      finishedAt: Samples.now.addingTimeInterval(5))
    }

    // MARK: Tests

    @Test("a mail server's escape sequences, C1 controls, DEL and line breaks print as U+FFFD, the rest as it was")
    func controlsReplaced() {
        let hostile = "550 no\u{1B}]0;owned\u{07} such\u{9B}2J user\u{7F}\r\nX-Fake: line\tend"
        let status = OutboxStatus(counts: ["failed": 1], oldestPendingAt: nil, failures: [Self.failure(lastError: hostile)])
        let lines = status.report(now: Samples.now)
        let printed = lines.joined(separator: "\n")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x7F || $0.value == 0x07 || $0 == "\r" })
        #expect(lines.last == "  2027-01-15T08:00:05Z\tnotes\tada@example.com\t550 no\u{FFFD}]0;owned\u{FFFD} such\u{FFFD}2J user\u{FFFD}\u{FFFD}\u{FFFD}X-Fake: line\u{FFFD}end")
        #expect(TerminalText.printable("zoë \u{80}\u{9F}\u{1F}\u{20}") == "zoë \u{FFFD}\u{FFFD}\u{FFFD} ")
    }

    @Test("the oldest waiting message's age is counted to the time passed in, not the system clock")
    func ageByInjectedClock() {
        let status = OutboxStatus(counts: ["pending": 2, "sent": 7], oldestPendingAt: Samples.now, failures: [])
        #expect(status.report(now: Samples.now.addingTimeInterval(90)) == [
            "pending:\t2", "sent:\t7", "failed:\t0", "expired:\t0", "oldest waiting since 2027-01-15T08:00:00Z (90 s)",
        ])
    }
}
