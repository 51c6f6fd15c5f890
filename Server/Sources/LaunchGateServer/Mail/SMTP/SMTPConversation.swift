import Foundation
import NIOCore
import NIOSSL
import Synchronization

/// One SMTP connection's commands and replies, each reply awaited for at most the reply timeout
/// (the connection is closed when it passes).
final class SMTPConversation {
    private let channel: any Channel
    private var lines: NIOAsyncChannelInboundStream<String>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let timeout: Duration

    /// Set by the timer that closed the connection, so the error says "timed out", not "closed".
    private final class Flag: Sendable {
        let raised = Mutex(false)
    }

    init(channel: any Channel, inbound: NIOAsyncChannelInboundStream<String>, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
         timeout: Duration) {
        self.channel = channel
        self.lines = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.timeout = timeout
    }

    /// Sends one command line (CRLF added) and reads the reply.
    /// - Parameter shown: How the command appears in errors, when the line holds a secret.
    func command(_ line: String, shown: String? = nil) async throws -> SMTPReply {
        try await write(line + "\r\n")
        return try await reply(during: shown ?? line)
    }

    /// Writes raw text (the message body).
    func write(_ text: String) async throws {
        do { try await outbound.write(ByteBuffer(string: text)) } catch {
            throw MailDeliveryError.temporary("the connection to the mail server failed while writing: \(error)")
        }
    }

    /// Reads one reply, whole (every line of a multi-line reply).
    func reply(during step: String) async throws -> SMTPReply {
        let (channel, flag) = (self.channel, Flag())
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            flag.raised.withLock { $0 = true }
            channel.close(promise: nil)
        }
        defer { timer.cancel() }
        var texts: [String] = []
        while true {
            let line: String?
            do { line = try await lines.next() } catch {
                throw MailDeliveryError.temporary("the connection to the mail server failed during \(step): \(error)")
            }
            guard let line else {
                throw flag.raised.withLock({ $0 })
                    ? MailDeliveryError.temporary("the mail server did not answer \(step) within \(timeout)")
                    : MailDeliveryError.temporary("the mail server closed the connection during \(step)")
            }
            let bytes = Array(line.utf8)
            guard bytes.count >= 3, bytes[0...2].allSatisfy({ (0x30...0x39).contains($0) }), let code = Int(String(line.prefix(3))),
                  bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-") else {
                throw MailDeliveryError.temporary("the mail server's answer to \(step) is not SMTP: \"\(line.prefix(80))\"")
            }
            texts.append(String(line.dropFirst(4)))
            if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") { return SMTPReply(code: code, lines: texts) }
        }
    }

    /// Starts TLS on the open connection (after the server's 220 to STARTTLS).
    func startTLS(context: NIOSSLContext, serverHostname: String?) async throws {
        do {
            let handler = try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
            try await channel.pipeline.addHandler(handler, position: .first)
        } catch {
            throw MailDeliveryError.temporary("STARTTLS failed: \(error)")
        }
    }
}
