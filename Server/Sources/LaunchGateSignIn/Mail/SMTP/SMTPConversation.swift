import Foundation
import NIOCore
import NIOSSL

/// One SMTP connection's commands and replies. Every write and every reply is bounded by the
/// timeout (the connection is closed when it passes), and a reply by a number of lines and bytes,
/// so a server that stalls or talks without end can't hold a delivery or fill memory.
final class SMTPConversation {
    /// The most lines one reply may have. EHLO's is the longest a real server sends: a dozen or two.
    static let maximumReplyLines = 100
    /// The most bytes one reply may have, line ends included.
    static let maximumReplyBytes = 64 * 1024

    private let channel: any Channel
    private var lines: NIOAsyncChannelInboundStream<String>.AsyncIterator
    private let tally: SMTPInputTally
    /// How long each write and each reply may take. Package-visible so that a test can give one
    /// step a short limit while the steps before it keep a long one (a loaded machine can take
    /// seconds to hand a reply to the waiting task, and a short limit on those failed them).
    package var timeout: Duration

    /// - Parameter tally: The one the connection's ``SMTPLineDecoder`` counts into.
    init(channel: any Channel, inbound: NIOAsyncChannelInboundStream<String>, tally: SMTPInputTally, timeout: Duration) {
        self.channel = channel
        self.lines = inbound.makeAsyncIterator()
        self.tally = tally
        self.timeout = timeout
    }

    /// Sends one command line (CRLF added) and reads the reply.
    /// - Parameter shown: How the command appears in errors, when the line holds a secret.
    package func command(_ line: String, shown: String? = nil) async throws -> SMTPReply {
        try await write(line + "\r\n", during: shown ?? line)
        return try await reply(during: shown ?? line)
    }

    /// Writes raw text (a command, or the message body), waiting until the connection has taken
    /// it: a server that stops reading would otherwise leave the write pending for good.
    package func write(_ text: String, during step: String) async throws {
        let deadline = SMTPDeadline(channel: channel, timeout: timeout)
        defer { deadline.cancel() }
        do { try await channel.writeAndFlush(ByteBuffer(string: text)).get() } catch {
            throw deadline.hasPassed
                ? MailDeliveryError.temporary("the mail server did not take \(step) within \(timeout)")
                : MailDeliveryError.temporary("the connection to the mail server failed while sending \(step): \(error)")
        }
    }

    /// Reads one reply, whole (every line of a multi-line reply).
    func reply(during step: String) async throws -> SMTPReply {
        let deadline = SMTPDeadline(channel: channel, timeout: timeout)
        defer { deadline.cancel() }
        var (texts, bytes) = ([String](), 0)
        while true {
            let line: String?
            do { line = try await lines.next() } catch {
                throw MailDeliveryError.temporary("the connection to the mail server failed during \(step): \(error)")
            }
            guard let line else {
                throw deadline.hasPassed
                    ? MailDeliveryError.temporary("the mail server did not answer \(step) within \(timeout)")
                    : MailDeliveryError.temporary("the mail server closed the connection during \(step)")
            }
            tally.lineRead()
            bytes += line.utf8.count + 2
            guard texts.count < Self.maximumReplyLines, bytes <= Self.maximumReplyBytes else {
                throw MailDeliveryError.temporary(
                    "the mail server's answer to \(step) is longer than \(Self.maximumReplyLines) lines or \(Self.maximumReplyBytes / 1024) KiB")
            }
            let utf8 = Array(line.utf8)
            guard utf8.count >= 3, utf8[0...2].allSatisfy({ (0x30...0x39).contains($0) }), let code = Int(String(line.prefix(3))),
                  utf8.count == 3 || utf8[3] == UInt8(ascii: " ") || utf8[3] == UInt8(ascii: "-") else {
                throw MailDeliveryError.temporary("the mail server's answer to \(step) is not SMTP: \"\(line.prefix(80))\"")
            }
            texts.append(String(line.dropFirst(4)))
            if utf8.count == 3 || utf8[3] == UInt8(ascii: " ") { return SMTPReply(code: code, lines: texts) }
        }
    }

    /// Starts TLS on the open connection, after the server's 220 to STARTTLS, unless the server
    /// already sent more: those bytes came in the clear and would be read as if from inside TLS.
    func startTLS(context: NIOSSLContext, serverHostname: String?) async throws {
        let (channel, tally) = (self.channel, self.tally)
        let clean: Bool
        do {
            // On the event loop, the check and the handler's insertion are one step: no byte can be
            // decoded in between, and every later byte goes through TLS.
            clean = try await channel.eventLoop.submit {
                guard !tally.hasUnreadInput else { return false }
                let handler = try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
                try channel.pipeline.syncOperations.addHandler(handler, position: .first)
                return true
            }.get()
        } catch {
            throw MailDeliveryError.temporary("STARTTLS failed: \(error)")
        }
        guard clean else {
            throw MailDeliveryError.temporary("""
                the mail server sent more after its 220 to STARTTLS, before TLS began; text that comes in the clear \
                there could be anyone's (CVE-2011-0411), so the connection was dropped
                """)
        }
    }
}
