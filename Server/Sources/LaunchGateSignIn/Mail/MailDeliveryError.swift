/// Why a message was not delivered, and whether trying again can help.
public struct MailDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether the message itself was refused for good (an SMTP 5xx to the sender, the recipient
    /// or the content), as opposed to a failure that a later attempt may not meet.
    public let isPermanent: Bool
    /// What happened, for `launchgate mail status` and the log.
    public let message: String

    /// A failure that may pass: a connection refused or lost, a timeout, a 4xx, a login refused.
    public static func temporary(_ message: String) -> MailDeliveryError { .init(isPermanent: false, message: message) }
    /// The message was refused for good.
    public static func permanent(_ message: String) -> MailDeliveryError { .init(isPermanent: true, message: message) }
    /// An address that can't be written into an SMTP command or a header without changing its meaning.
    public static func unsafeAddress(_ address: String) -> MailDeliveryError {
        .permanent("the address \"\(address.prefix(80))\" has characters that can't go into a mail header or an SMTP command")
    }

    /// The message.
    public var description: String { message }
}
