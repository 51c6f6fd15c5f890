import Foundation
import Synchronization
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Keeps every message it is given, and fails with scripted errors first when told to.
final class RecordingMailTransport: MailTransport {
    private let sent = Mutex<[MailMessage]>([])
    private let failures = Mutex<[MailDeliveryError]>([])
    private let whileSending: @Sendable () -> Void
    let longestDelivery: Duration

    /// - Parameters:
    ///   - longestDelivery: What it says a delivery can take.
    ///   - whileSending: Runs during every send, e.g. to move a fake clock as a slow server would.
    init(longestDelivery: Duration = .seconds(30), whileSending: @escaping @Sendable () -> Void = {}) {
        self.longestDelivery = longestDelivery
        self.whileSending = whileSending
    }

    var destination: String { "a test mailbox" }

    /// The messages delivered so far, oldest first.
    var messages: [MailMessage] { sent.withLock { $0 } }

    /// The next sends fail with these errors, in order.
    func fail(with errors: [MailDeliveryError]) { failures.withLock { $0 += errors } }

    func send(_ message: MailMessage) async throws {
        whileSending()
        if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
        sent.withLock { $0.append(message) }
    }

    /// The code in the newest message to the address: the subject's first word.
    func code(for email: String) -> String? {
        messages.last { $0.to == email }.flatMap { $0.subject.split(separator: " ").first.map(String.init) }
    }
}
