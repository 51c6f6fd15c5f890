import Foundation
import LaunchGateStorage
import NIOCore
import NIOPosix
import NIOSSL

/// Sends mail with LaunchGate's own small SMTP client on SwiftNIO and NIOSSL: implicit TLS,
/// required STARTTLS or plain (``SMTPSettings``), AUTH PLAIN or LOGIN (never in the clear but on
/// loopback), a timeout on the connection and on every write and reply, replies of bounded size,
/// dot-stuffing, and MIME from ``MIMEMessage``.
///
/// A 5xx to `MAIL FROM`, `RCPT TO` or the message is permanent: the message itself is refused.
/// Everything else (no connection, a timeout, a 4xx, a refused login or STARTTLS) is temporary,
/// because it says nothing about the message and the outbox tries it again.
public struct SMTPMailTransport: MailTransport {
    package let settings: SMTPSettings
    package let group: any EventLoopGroup
    package let random: any RandomSource
    package let tls: NIOSSLContext?

    /// Creates the transport and its TLS context.
    /// - Throws: ``MailConfigurationError`` when the trust roots file can't be used, or the
    ///   settings (changed since ``SMTPSettings/init(url:)`` checked them) would send a login in the clear.
    public init(settings: SMTPSettings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                random: any RandomSource = SystemRandomSource()) throws {
        if let problem = settings.clearTextLoginProblem { throw MailConfigurationError.invalidSMTPURL(problem) }
        self.settings = settings
        self.group = group
        self.random = random
        guard settings.security != .none else {
            tls = nil
            return
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let file = settings.trustRootsFile { configuration.additionalTrustRoots = [.file(file)] }
        do { tls = try NIOSSLContext(configuration: configuration) } catch {
            throw MailConfigurationError.invalidSMTPURL("the TLS settings can't be used (\(error)); check cafile")
        }
    }

    /// See ``MailTransport/destination``.
    public var destination: String { "SMTP at \(settings)" }

    /// See ``MailTransport/longestDelivery``: the connection, then the conversation.
    public var longestDelivery: Duration { settings.connectTimeout + settings.messageTimeout }

    /// See ``MailTransport/send(_:)``.
    public func send(_ message: MailMessage) async throws {
        let boundary = "lg-" + random.bytes(16).lowercaseHex
        let data = Self.dotStuffed(try MIMEMessage.render(message, boundary: boundary))
        let international = !(message.to + message.from.address).unicodeScalars.allSatisfy(\.isASCII)
        let tally = SMTPInputTally()
        let channel: NIOAsyncChannel<String, ByteBuffer>
        do { channel = try await connect(tally: tally) } catch let error as MailDeliveryError { throw error } catch {
            throw MailDeliveryError.temporary("could not connect to \(settings): \(error)")
        }
        // The whole conversation is bounded too: the deadline closes the connection, and the step
        // under way fails; the error then says which limit passed.
        let whole = SMTPDeadline(channel: channel.channel, timeout: settings.messageTimeout)
        defer { whole.cancel() }
        do {
            try await converse(channel, message: message, data: data, international: international, tally: tally)
        } catch {
            guard whole.hasPassed else { throw error }
            throw MailDeliveryError.temporary("the mail server did not finish the message within \(settings.messageTimeout)")
        }
    }

    private func converse(_ channel: NIOAsyncChannel<String, ByteBuffer>, message: MailMessage, data: String, international: Bool,
                          tally: SMTPInputTally) async throws {
        try await channel.executeThenClose { inbound, _ in
            // Writes go through the channel itself, whose futures say when the server took the bytes.
            let smtp = SMTPConversation(channel: channel.channel, inbound: inbound, tally: tally, timeout: settings.replyTimeout)
            try Self.expect(try await smtp.reply(during: "the greeting"), 220, "the greeting")
            var capabilities = try await hello(smtp)
            if settings.security == .startTLS {
                guard capabilities.contains("STARTTLS") else {
                    throw MailDeliveryError.temporary("\(settings.host) does not offer STARTTLS, which smtp:// requires; add ?starttls=off only for a relay on a trusted network")
                }
                try Self.expect(try await smtp.command("STARTTLS"), 220, "STARTTLS")
                try await smtp.startTLS(context: tls!, serverHostname: Self.sniName(settings.host))
                capabilities = try await hello(smtp)
            }
            if let username = settings.username { try await authenticate(smtp, username: username, capabilities: capabilities) }
            if international, !capabilities.contains("SMTPUTF8") {
                throw MailDeliveryError.permanent("the mail server does not take international addresses (no SMTPUTF8)")
            }
            let utf8 = international ? " SMTPUTF8" : ""
            try Self.expect(try await smtp.command("MAIL FROM:<\(message.from.address)>\(utf8)"), 250, "MAIL FROM", permanent: true)
            let recipient = try await smtp.command("RCPT TO:<\(message.to)>")
            try Self.expect(recipient, recipient.code == 251 ? 251 : 250, "RCPT TO", permanent: true)
            try Self.expect(try await smtp.command("DATA"), 354, "DATA", permanent: true)
            try await smtp.write(data + ".\r\n", during: "the message")
            try Self.expect(try await smtp.reply(during: "the end of the message"), 250, "the message", permanent: true)
            _ = try? await smtp.command("QUIT")
        }
    }

    package func connect(tally: SMTPInputTally) async throws -> NIOAsyncChannel<String, ByteBuffer> {
        let (tls, host, implicit) = (self.tls, settings.host, settings.security == .implicitTLS)
        return try await ClientBootstrap(group: group).connectTimeout(TimeAmount(settings.connectTimeout))
            .connect(host: host, port: settings.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicit, let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(host)))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPLineDecoder(tally: tally)))
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// EHLO, returning the extensions the server offers (upper-cased keywords, with their parameters).
    private func hello(_ smtp: SMTPConversation) async throws -> Set<String> {
        let reply = try await smtp.command("EHLO \(settings.heloName)")
        try Self.expect(reply, 250, "EHLO")
        var keywords: Set<String> = []
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(separator: " ")
            guard let keyword = words.first else { continue }
            keywords.insert(String(keyword))
            if keyword == "AUTH" { words.dropFirst().forEach { keywords.insert("AUTH=\($0)") } }
        }
        return keywords
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN; the password never appears in an error, nor on a
    /// plain connection to another host.
    private func authenticate(_ smtp: SMTPConversation, username: String, capabilities: Set<String>) async throws {
        // init refuses such settings already; this is the last line, right where the secret would go out.
        if let problem = settings.clearTextLoginProblem { throw MailDeliveryError.permanent(problem) }
        let password = settings.password ?? ""
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        if capabilities.contains("AUTH=PLAIN") {
            try Self.expect(try await smtp.command("AUTH PLAIN \(base64("\u{0}\(username)\u{0}\(password)"))", shown: "AUTH PLAIN"), 235, "AUTH PLAIN")
        } else if capabilities.contains("AUTH=LOGIN") {
            try Self.expect(try await smtp.command("AUTH LOGIN"), 334, "AUTH LOGIN")
            try Self.expect(try await smtp.command(base64(username), shown: "the AUTH LOGIN user name"), 334, "AUTH LOGIN")
            try Self.expect(try await smtp.command(base64(password), shown: "the AUTH LOGIN password"), 235, "AUTH LOGIN")
        } else {
            throw MailDeliveryError.temporary("\(settings.host) offers neither AUTH PLAIN nor AUTH LOGIN, and the SMTP URL has a login")
        }
    }

    /// Throws unless the reply has the code wanted: a 5xx is permanent only where `permanent` says
    /// the step is about this message.
    private static func expect(_ reply: SMTPReply, _ code: Int, _ step: String, permanent: Bool = false) throws {
        guard reply.code != code else { return }
        let message = "the mail server answered \(step) with \(reply)"
        throw permanent && reply.isPermanentFailure ? MailDeliveryError.permanent(message) : MailDeliveryError.temporary(message)
    }

    /// SNI takes host names only; an address is checked against the certificate's IP entries.
    private static func sniName(_ host: String) -> String? {
        IPNetwork.addressBytes(host) == nil ? host : nil
    }

    /// The message as DATA sends it: CRLF line ends, and a dot doubled at the start of any line
    /// (RFC 5321 §4.5.2), so no line of the message can end it early.
    package static func dotStuffed(_ message: String) -> String {
        var lines = message.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : String($0) }.joined(separator: "\r\n") + "\r\n"
    }
}
