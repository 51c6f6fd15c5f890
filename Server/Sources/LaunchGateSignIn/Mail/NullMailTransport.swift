/// Drops every message: for benchmarks, where delivery is not what is measured.
public struct NullMailTransport: MailTransport {
    /// Creates the transport.
    public init() {}

    /// See ``MailTransport/destination``.
    public var destination: String { "nowhere: dropped (--mail-transport none)" }

    /// See ``MailTransport/longestDelivery``.
    public var longestDelivery: Duration { .seconds(1) }

    /// See ``MailTransport/send(_:)``.
    public func send(_ message: MailMessage) async throws {}
}
