import Foundation

/// The development transport, and the default without `--smtp-url`: prints each message, code
/// included, so a newcomer can sign in with `serve --demo` and no mail server. The only place a
/// code is ever written out.
public struct LogMailTransport: MailTransport {
    private let write: @Sendable (String) -> Void

    /// Creates the transport.
    /// - Parameter write: Where the text goes; standard output by default.
    public init(write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.write = write
    }

    /// See ``MailTransport/destination``.
    public var destination: String { "printed to standard output, codes included (development only; set --smtp-url to send it)" }

    /// See ``MailTransport/longestDelivery``: a write to standard output, which a reader that
    /// stopped reading could hold; seconds are plenty otherwise.
    public var longestDelivery: Duration { .seconds(30) }

    /// See ``MailTransport/send(_:)``.
    public func send(_ message: MailMessage) async throws {
        write("""
            ---- mail (not sent: no --smtp-url) ----
            From: \(message.from)
            To: \(message.to)
            Subject: \(message.subject)

            \(message.text)
            ----------------------------------------

            """)
    }
}
