import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Slow requests, idle sockets and connection floods: the request timeout on the event loop's
/// clock, Hummingbird's idle timeout and connection cap on a live server.
@Suite("Connections are closed when a request is slow to arrive or the connection idles, and capped in number")
struct ConnectionLimitsTests {
    private typealias Pipe = HotPathPipe

    // MARK: Tests

    @Test("a head sent a byte at a time is cut off at the request timeout, though bytes keep coming")
    func slowloris() async throws {
        let pipe = try await Pipe.make(requestTimeout: .seconds(10))
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(pipe.channel.isActive, "idle between requests is the idle timeout's business")
        for byte in "GET \(Pipe.target) HTTP/1.1\r\nHost: t\r\nX-A: " where pipe.channel.isActive {
            try pipe.send(String(byte))
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        }
        #expect(!pipe.channel.isActive)
        #expect(pipe.app.requests.isEmpty)
    }

    @Test("a body trickled a byte at a time is cut off at the request timeout, counted from its head's first byte")
    func slowBody() async throws {
        let pipe = try await Pipe.make(requestTimeout: .seconds(10))
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        try pipe.send("PUT /v1/admin/apps/notes/policy HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\n{")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try pipe.send(" ")
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!pipe.channel.isActive)
    }

    @Test("requests that arrive whole in time are never cut off, however many and however spaced")
    func inTime() async throws {
        let pipe = try await Pipe.make(requestTimeout: .seconds(10))
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
        try pipe.send("}")
        try pipe.app.answer("created")
        for _ in 0..<5 {
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
            try pipe.send("GET \(Pipe.target) HTTP/1.1\r\nHost: t\r\n")
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
            try pipe.send("\r\n")
        }
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(pipe.channel.isActive)
        #expect(try pipe.responses().count == 6)
    }

    @Test("time the server holds reads, while an earlier request is answered, does not count against a request still arriving")
    func heldReads() async throws {
        let pipe = try await Pipe.make(requestTimeout: .seconds(10))
        // Two reads of one wake-up (NIO reads up to four times before it asks again): a request
        // the router answers slowly, then the start of a head. The channel's next read waits.
        try pipe.channel.writeInbound(ByteBuffer(string: "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n"))
        let before = pipe.reads.count
        try pipe.send("GET \(Pipe.target) HTTP/1.1\r\nHo")
        #expect(pipe.reads.count == before, "NIO's pipelining handler holds the read")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(pipe.channel.isActive, "cut off while the server was not reading")
        try pipe.app.answer("slow")
        #expect(pipe.reads.count == before + 1)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try pipe.send("st: t\r\n\r\n")
        #expect(try pipe.responses().map(\.status) == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"])
        #expect(pipe.app.paths == ["/slow"])
        // Reading again, the clock runs again.
        try pipe.send("GET \(Pipe.target) HTTP/1.1\r\nHo")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(!pipe.channel.isActive)
    }

    @Test("the live server closes a socket that sends nothing, and one idle after its answers")
    func liveIdle() async throws {
        let server = try await Self.server { $0.idleTimeout = .seconds(1) }
        try await server.application.test(.live) { client in
            let silent = try RawClientSocket(port: try #require(client.port))
            #expect(await silent.receive(seconds: 30).closed)
            let answered = try RawClientSocket(port: try #require(client.port))
            try answered.write("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            let (text, closed) = await answered.receive(seconds: 30)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(closed)
        }
    }

    @Test("a connection kept busy by the hot path alone outlives the idle timeout, and is closed once it idles")
    func liveBusyHotPath() async throws {
        let idle = Duration.seconds(1)
        let server = try await Self.server { $0.idleTimeout = idle }
        try await server.application.test(.live) { client in
            let clock = ContinuousClock()
            let started = clock.now
            let socket = try RawClientSocket(port: try #require(client.port))
            // The server's last activity is no earlier than when the last answered request was sent,
            // so it may close no sooner than one idle timeout after that: however slowly this
            // client runs on a loaded machine, an earlier close is the rule broken.
            var lastAnsweredSent = started
            var answers = 0
            while clock.now - started < idle * 3 {
                let sent = clock.now
                guard (try? socket.write("GET \(Pipe.target) HTTP/1.1\r\nHost: t\r\n\r\n")) != nil,
                      await socket.response(seconds: 30) != nil else {
                    #expect(clock.now - lastAnsweredSent >= idle, "closed while busy, after \(answers) answers")
                    return
                }
                lastAnsweredSent = sent
                answers += 1
            }
            #expect(await socket.receive(seconds: 30).closed, "closed once it idles")
        }
    }

    @Test("at the cap the server stops accepting: a connection over it waits, and is served once another closes")
    func liveCap() async throws {
        let server = try await Self.server { $0.maxConnections = 2 }
        try await Self.serving(server) { port in
            let request = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
            let served = [try RawClientSocket(port: port), try RawClientSocket(port: port)]
            for socket in served {
                try socket.write(request)
                #expect(await socket.response(seconds: 30)?.hasPrefix("HTTP/1.1 200 OK") == true, "served under the cap")
            }
            // The kernel completes the connection and holds it in the listen backlog.
            let waiter = try RawClientSocket(port: port)
            try waiter.write(request)
            // Only waiting shows a wait: a server without the cap answers within milliseconds.
            #expect(await waiter.response(seconds: 1) == nil, "a connection over the cap was served at once")
            served[0].close()
            #expect(await waiter.response(seconds: 30)?.hasPrefix("HTTP/1.1 200 OK") == true, "accepted once a place is free")
        }
    }

    @Test("the cap counts connections as they open and close, and stops accepting at its maximum")
    func capCounts() {
        var cap = ConnectionCap(maximum: 2)
        cap.connectionOpened()
        #expect(cap.isAcceptingNewConnections())
        cap.connectionOpened()
        #expect(!cap.isAcceptingNewConnections())
        cap.connectionClosed()
        #expect(cap.isAcceptingNewConnections())
    }

    @Test("the listener accepts a twentieth of the cap per read, from NIO's 4 to 64, not NIO's 4 a read under a crowd")
    func acceptsPerRead() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        defer { listener.close(promise: nil) }
        for (maximum, accepts) in [(2_000, 64), (1_000_000, 64), (600, 30), (100, 5), (2, 4)] {
            try await ConnectionCap(maximum: maximum).configure(listener: listener)
            #expect(try await listener.getOption(ChannelOptions.maxMessagesPerRead).get() == UInt(accepts), "a cap of \(maximum)")
        }
    }

    @Test("a client that pipelines and never reads gets a small send buffer's worth of answers out of the server, not megabytes")
    func liveNonReader() async throws {
        // NIO's back-pressure alone: the pipelining limit would close this client first.
        let server = try await Self.server { $0.maxPipelinedBytes = nil }
        try await server.application.test(.live) { client in
            let socket = try RawClientSocket(port: try #require(client.port), receiveBuffer: 4096)
            let pipeline = Array(String(repeating: "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n", count: 2_000).utf8)
            // Whole requests, however the kernel splits the writes: the next write starts where the last stopped.
            var offset = 0
            let until = Date().addingTimeInterval(3)
            while Date() < until {
                offset = (offset + ((try? socket.writeWithoutBlocking(Array(pipeline[offset...]))) ?? 0)) % pipeline.count
                try await Task.sleep(for: .milliseconds(50))
            }
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
            let line = try #require(metrics.split(separator: "\n").first {
                $0.hasPrefix("hb_requests{") && $0.contains("NotFound") && $0.contains("\"404\"")
            })
            let answered = Int(Double(line.split(separator: " ").last ?? "") ?? -1)
            // Each 404 is about 300 bytes; Linux's default would let tens of thousands through.
            #expect((1..<3_000).contains(answered), "\(answered) answers to a client that reads nothing")
        }
    }

    @Test("a live client that pipelines prepared GETs and never reads is soon refused more bytes")
    func liveClientBlocks() async throws {
        // NIO's back-pressure alone: the pipelining limit would close this client first.
        let server = try await Self.server { $0.maxPipelinedBytes = nil }
        try await server.application.test(.live) { client in
            _ = try await client.execute(uri: Pipe.target, method: .get)
            let socket = try RawClientSocket(port: try #require(client.port), sendBuffer: 64 * 1024)
            let chunk = Array(String(repeating: "GET \(Pipe.target) HTTP/1.1\r\nHost: t\r\n\r\n", count: 1_000).utf8)
            let limit = 16 * 1024 * 1024
            var (sent, stalls) = (0, 0)
            let deadline = Date().addingTimeInterval(120)
            // Stalled twice in a row for a second: the server has stopped reading.
            while sent < limit, stalls < 2, Date() < deadline {
                let taken = try socket.writeWithoutBlocking(Array(chunk[(sent % chunk.count)...]))
                sent += taken
                if taken == 0 { stalls = socket.waitUntilWritable(milliseconds: 1_000) ? 0 : stalls + 1 }
            }
            #expect(stalls == 2, "the server kept reading: \(sent) bytes taken")
            #expect(sent < limit)
        }
    }

    // MARK: Helpers

    private static func server(_ change: (inout ServerConfiguration) -> Void) async throws -> TestServer {
        var server = try await TestServer.make()
        change(&server.configuration)
        return server
    }

    /// Runs `server` as `serve` does and gives `body` its port. HummingbirdTesting's live mode
    /// can't be used here: it rebuilds the application's configuration from its address alone
    /// (`ApplicationConfiguration.with(address:)`), which drops `availableConnectionsDelegate`,
    /// so a server under test would have no connection cap.
    private static func serving(_ server: TestServer, _ body: (Int) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = buildApplication(server.components, configuration: server.configuration, logger: TestBackend.logger,
                                           mail: server.mailbox, onServerRunning: { continuation.yield($0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.run() }
            var running = ports.makeAsyncIterator()
            let port = try #require(await running.next())
            do { try await body(port) } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}
