/// Delivers one message. The outbox worker calls it off the request path and retries what fails
/// with a temporary error.
public protocol MailTransport: Sendable {
    /// Where mail goes, in words, for the line `serve` prints at start-up.
    var destination: String { get }
    /// The longest one ``send(_:)`` can take before the transport gives up on it. The outbox
    /// starts a delivery only while its claim on the message has at least this long left, so
    /// another instance never takes a message over while it is still being sent.
    var longestDelivery: Duration { get }
    /// Delivers a message, or throws why not.
    /// - Throws: ``MailDeliveryError``; anything else counts as temporary.
    func send(_ message: MailMessage) async throws
}
