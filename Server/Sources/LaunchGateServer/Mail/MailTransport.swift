/// Delivers one message. The outbox worker calls it off the request path and retries what fails
/// with a temporary error.
public protocol MailTransport: Sendable {
    /// Where mail goes, in words, for the line `serve` prints at start-up.
    var destination: String { get }
    /// Delivers a message, or throws why not.
    /// - Throws: ``MailDeliveryError``; anything else counts as temporary.
    func send(_ message: MailMessage) async throws
}
