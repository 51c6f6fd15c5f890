import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A scripted SMTP server on loopback: records what a client says and answers as configured, with
/// STARTTLS or implicit TLS under ``TestCertificates``.
final class FakeSMTPServer: Sendable {
    struct Options: Sendable {
        var implicitTLS = false
        var offerStartTLS = false
        var auth: [String] = []
        var smtputf8 = false
        var recipientReply = "250 OK"
        var messageReply = "250 queued"
        /// After this command (its first word, upper-cased), the server says nothing more.
        var silentAfter: String?
        /// Sent in the clear in the same write as the 220 to STARTTLS, line ends included: what a
        /// man in the middle would inject.
        var afterStartTLSReply = ""
        /// More lines for the EHLO reply, between the greeting line and the last.
        var extraEHLOLines: [String] = []
        /// After the 354 to DATA the server reads nothing more, with a small receive buffer, so a
        /// large message fills the client's socket buffer and its write has to wait.
        var stopsReadingAtData = false
        /// Every reply waits this long: a server that answers each step just in time.
        var replyDelay: TimeAmount?
    }

    /// What one connection's client did.
    struct Session: Sendable {
        var commands: [String] = []
        /// DATA lines as they came, still dot-stuffed.
        var data: [String] = []
        var login: (user: String, password: String)?
        var tlsStarted = false
    }

    let options: Options
    private let channel: any Channel
    private let state = Mutex<[Session]>([])

    var port: Int { channel.localAddress?.port ?? 0 }
    var sessions: [Session] { state.withLock { $0 } }

    /// The message bodies received, dot-stuffing undone.
    var messages: [String] {
        sessions.filter { !$0.data.isEmpty }.map { $0.data.map { $0.hasPrefix("..") ? String($0.dropFirst()) : $0 }.joined(separator: "\r\n") }
    }

    private init(options: Options, channel: any Channel) {
        self.options = options
        self.channel = channel
    }

    static func start(_ options: Options = Options()) async throws -> FakeSMTPServer {
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(TestCertificates.localhost.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(TestCertificates.localhostKey.utf8), format: .pem))))
        let recorder = Recorder()
        var bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        // Accepted sockets inherit the listener's buffer size, and a set size turns off Linux's autotuning.
        if options.stopsReadingAtData { bootstrap = bootstrap.serverChannelOption(.socketOption(.so_rcvbuf), value: 4096) }
        let channel = try await bootstrap
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if options.implicitTLS { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPLineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(Handler(options: options, tls: tls, recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let server = FakeSMTPServer(options: options, channel: channel)
        recorder.server.withLock { $0 = server }
        return server
    }

    func stop() async { try? await channel.close() }

    fileprivate func record(_ index: Int, _ change: (inout Session) -> Void) {
        state.withLock { sessions in
            while sessions.count <= index { sessions.append(Session()) }
            change(&sessions[index])
        }
    }

    fileprivate func newSession() -> Int { state.withLock { $0.append(Session()); return $0.count - 1 } }

    /// Finds the server from handlers made before it existed.
    private final class Recorder: Sendable {
        let server = Mutex<FakeSMTPServer?>(nil)
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = String
        typealias OutboundOut = ByteBuffer

        let options: Options
        let tls: NIOSSLContext
        let recorder: Recorder
        var session = 0
        var inData = false
        var silent = false
        var loginStep = 0
        var user = ""

        init(options: Options, tls: NIOSSLContext, recorder: Recorder) {
            self.options = options
            self.tls = tls
            self.recorder = recorder
        }

        var server: FakeSMTPServer? { recorder.server.withLock { $0 } }

        func channelActive(context: ChannelHandlerContext) {
            session = server?.newSession() ?? 0
            send(context, "220 fake.test ESMTP")
        }

        func send(_ context: ChannelHandlerContext, _ lines: String...) {
            let reply = wrapOutboundOut(ByteBuffer(string: lines.joined(separator: "\r\n") + "\r\n"))
            guard let delay = options.replyDelay else { return context.writeAndFlush(reply, promise: nil) }
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) { context.writeAndFlush(reply, promise: nil) }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let line = unwrapInboundIn(data)
            guard !silent else { return }
            if inData {
                if line == "." {
                    inData = false
                    send(context, options.messageReply)
                } else {
                    server?.record(session) { $0.data.append(line) }
                }
                return
            }
            if loginStep > 0 { return login(context, line) }
            server?.record(session) { $0.commands.append(line) }
            let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
            defer { if options.silentAfter == verb { silent = true } }
            if options.silentAfter == verb { return }
            switch verb {
            case "EHLO":
                var lines = ["250-fake.test"]
                if options.offerStartTLS { lines.append("250-STARTTLS") }
                lines += options.extraEHLOLines.map { "250-" + $0 }
                if !options.auth.isEmpty { lines.append("250-AUTH " + options.auth.joined(separator: " ")) }
                if options.smtputf8 { lines.append("250-SMTPUTF8") }
                lines.append("250 8BITMIME")
                send(context, lines.joined(separator: "\r\n"))
            case "STARTTLS":
                let tls = self.tls
                let reply = "220 go ahead\r\n" + options.afterStartTLSReply
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: reply))).assumeIsolated().whenSuccess {
                    try? context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
                }
                server?.record(session) { $0.tlsStarted = true }
            case "AUTH":
                let parts = line.split(separator: " ")
                if parts.count == 3, parts[1].uppercased() == "PLAIN",
                   let decoded = Data(base64Encoded: String(parts[2])).map({ String(decoding: $0, as: UTF8.self) }) {
                    let fields = decoded.split(separator: "\u{0}", omittingEmptySubsequences: false)
                    server?.record(session) { $0.login = (String(fields[1]), String(fields[2])) }
                    send(context, "235 welcome")
                } else if parts.count == 2, parts[1].uppercased() == "LOGIN" {
                    loginStep = 1
                    send(context, "334 VXNlcm5hbWU6")
                } else {
                    send(context, "504 unsupported")
                }
            case "MAIL": send(context, "250 sender OK")
            case "RCPT": send(context, options.recipientReply)
            case "DATA":
                inData = true
                send(context, "354 go on")
                if options.stopsReadingAtData { try? context.channel.syncOptions?.setOption(.autoRead, value: false) }
            case "QUIT":
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "221 bye\r\n"))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            default: send(context, "502 unknown")
            }
        }

        private func login(_ context: ChannelHandlerContext, _ line: String) {
            let text = Data(base64Encoded: line).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if loginStep == 1 {
                user = text
                loginStep = 2
                send(context, "334 UGFzc3dvcmQ6")
            } else {
                loginStep = 0
                let user = self.user
                server?.record(session) { $0.login = (user, text) }
                send(context, "235 welcome")
            }
        }
    }
}
