import Foundation
import Hummingbird
import HummingbirdTesting
import Metrics
import NIOCore
import NIOEmbedded
import Testing
@testable import LaunchGateServer

/// Idle sockets, slowloris heads and connection floods are closed, on the event loop's clock.
@Suite("Connections are closed when idle, slow to send a head, or over the cap")
struct ConnectionLimitsTests {
    private typealias Pipe = FastPathPipe

    // MARK: Tests

    @Test("a connection that passes no bytes for the idle timeout is closed within a quarter of it more, and activity pushes the deadline back")
    func idle() throws {
        let pipe = try Pipe(limits: limits())
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        // Never before the idle timeout (60 s) after the last byte…
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(pipe.channel.isActive)
        // …and never more than a quarter of it (15 s) late.
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(16))
        #expect(!pipe.channel.isActive)
    }

    @Test("a connection busy until just after the timer looked is still closed within 1.25 times the idle timeout")
    func idleAfterLook() throws {
        let pipe = try Pipe(limits: limits())
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        // The timer looks at 10 s (the first-byte deadline), then every 15 s at most: at 55 s it
        // sees the request of 50 s, and the one of 56 s comes just after it looked.
        for second in 1...200 {
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            if second == 50 || second == 56 {
                try pipe.send(Pipe.get)
                _ = try pipe.written()
            }
            if second == 56 + 59 { #expect(pipe.channel.isActive) }
            if second == 56 + 75 { #expect(!pipe.channel.isActive) }
        }
        #expect(!pipe.channel.isActive)
    }

    @Test("answers the fast path sends once the peer reads again count as activity, though no byte arrived with them")
    func answersAfterBackpressure() throws {
        let pipe = try Pipe(limits: limits())
        pipe.setWritable(false)
        try pipe.send(Pipe.get)
        #expect(try pipe.written().isEmpty)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        pipe.setWritable(true)
        #expect(try pipe.written().hasPrefix(Pipe.okBytes))
        // Idle from the answer at 50 s, not from the request at 0 s (which would close it by 75 s).
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(16))
        #expect(!pipe.channel.isActive)
    }

    @Test("without an HTTP codec to go before, there is no fast path, and the timeouts see every byte themselves")
    func withoutFastPath() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(PolicyFastPathInstaller(limits: limits()) { tracker, timeouts in
            PolicyFastPathHandler(cache: DocumentCache(), date: HTTPDateHeader(now: { Date(timeIntervalSince1970: 0) }),
                                  counter: Counter(label: "test_fast_path"), tracker: tracker, timeouts: timeouts)
        })
        channel.embeddedEventLoop.run()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(throws: Never.self) { try channel.pipeline.syncOperations.handler(type: ConnectionTimeouts.self) }
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: PolicyFastPathHandler.self) }
        // A byte at 9 s beats the first-byte deadline (10 s); then it is idle from 9 s.
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try channel.writeInbound(ByteBuffer(string: "x"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(16))
        #expect(!channel.isActive)
    }

    @Test("with a header timeout over a quarter of the idle timeout, an idle connection is still closed within 1.25 times it")
    func idleWithLongHeaderTimeout() throws {
        let pipe = try Pipe(limits: .init(idleTimeout: .seconds(8), headerTimeout: .seconds(6), connections: nil))
        pipe.channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        try pipe.send(Pipe.get)
        #expect(try pipe.written().hasPrefix(Pipe.okBytes))
        // Idle from 0.5 s: never closed before 8.5 s, always by 10.5 s (a first look at the
        // header timeout, 6 s, would count it idle only from there and hold it until 14 s).
        pipe.channel.embeddedEventLoop.advanceTime(by: .milliseconds(7_900))
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .milliseconds(2_100))
        #expect(!pipe.channel.isActive)
    }

    @Test("a connection that never sends a byte is closed at the header timeout, not held for the idle timeout")
    func silentFromTheStart() throws {
        let pipe = try Pipe(limits: limits())
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!pipe.channel.isActive)
    }

    @Test("a head sent a byte at a time is cut off at the header timeout, though the connection is never idle")
    func slowloris() throws {
        let pipe = try Pipe(limits: limits())
        for byte in "GET \(Pipe.target) HTTP/1.1\r\nX-A: " {
            try pipe.send(String(byte))
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            if !pipe.channel.isActive { break }
        }
        #expect(!pipe.channel.isActive)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("the header timeout starts at a head's first byte and stops at its end")
    func headClock() throws {
        let pipe = try Pipe(limits: limits())
        try pipe.send("GET \(Pipe.target) HTTP/1.1\r\n")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try pipe.send("\r\n")
        #expect(try pipe.written() == Pipe.okBytes)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(pipe.channel.isActive, "a complete head is not timed")
        try pipe.send("GET /x")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(!pipe.channel.isActive)
    }

    @Test("a body trickled a byte at a time is cut off at the header timeout, though the connection is never idle")
    func slowBody() throws {
        let pipe = try Pipe(limits: limits())
        try pipe.send("PUT /v1/admin/apps/notes/policy HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n{")
        for _ in 0..<20 where pipe.channel.isActive {
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(2))
            if pipe.channel.isActive { try pipe.send(" ") }
        }
        #expect(!pipe.channel.isActive)
    }

    @Test("a whole body within the header timeout is not cut off, and the clock stops at the request's end")
    func bodyInTime() throws {
        let pipe = try Pipe(limits: limits())
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nContent-Length: 2\r\n\r\n{")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
        try pipe.send("}")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
        #expect(pipe.channel.isActive, "a complete request is not timed while it is answered")
        #expect(pipe.app.heads.count == 1)
    }

    @Test("once the decoder frames the connection, a stalled head is still cut off")
    func slowlorisAfterBody() throws {
        let pipe = try Pipe(limits: limits())
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
        try pipe.app.answer("created")
        try pipe.send("GET /v1/apps HTTP/1.1\r\nX-A: ")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!pipe.channel.isActive)
    }

    @Test("connections over the cap are closed at once and counted; a closed one frees its place")
    func cap() throws {
        let rejected = Counter(label: "test_connections_rejected")
        let limit = ConnectionLimit(maximum: 2, rejected: rejected)
        let (first, second) = (try Pipe(limits: limits(limit)), try Pipe(limits: limits(limit)))
        #expect(first.channel.isActive && second.channel.isActive)
        let third = try Pipe(limits: limits(limit))
        #expect(!third.channel.isActive)
        #expect(limit.rejectedCount == 1)
        _ = try first.channel.finish()
        #expect(limit.count == 1)
        let fourth = try Pipe(limits: limits(limit))
        #expect(fourth.channel.isActive)
        #expect(limit.count == 2)
    }

    @Test("the live server closes a socket that sends nothing")
    func liveIdle() async throws {
        let server = try await Self.server { $0.idleTimeout = .seconds(1) }
        try await server.application.test(.live) { client in
            let idle = try RawClientSocket(port: try #require(client.port))
            #expect(await idle.receive(seconds: 30).closed)
        }
    }

    @Test("the live server closes connections over the cap at once and counts them in its metrics")
    func liveCap() async throws {
        let server = try await Self.server { $0.maxConnections = 2 }
        try await server.application.test(.live) { client in
            // The test client's connection is the first.
            _ = try await client.execute(uri: "/healthz", method: .get)
            let port = try #require(client.port)
            // Each connection may be set up on its own event loop, so either of these may be the one over.
            let sockets = [try RawClientSocket(port: port), try RawClientSocket(port: port)]
            for socket in sockets { try? socket.write("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n") }
            var answers: [(text: String, closed: Bool)] = []
            for socket in sockets { answers.append(await socket.receive(seconds: 30)) }
            let (closed, texts) = (answers.allSatisfy { $0.closed }, answers.map { $0.text })
            #expect(closed)
            #expect(texts.filter { $0.isEmpty }.count == 1, "one is closed without an answer")
            #expect(texts.filter { $0.hasPrefix("HTTP/1.1 200") }.count == 1, "the other is served")
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_connections_rejected_total ") }
            #expect((line?.split(separator: " ").last.flatMap { Double($0) } ?? 0) >= 1)
        }
    }

    // MARK: Helpers

    @Test("a client that pipelines and never reads gets a small send buffer's worth of answers out of the server, not megabytes")
    func liveNonReader() async throws {
        let server = try await TestServer.make()
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
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            let line = try #require(metrics.split(separator: "\n").first {
                $0.hasPrefix("hb_requests{") && $0.contains("NotFound") && $0.contains("\"404\"")
            })
            let answered = Int(Double(line.split(separator: " ").last ?? "") ?? -1)
            // Each 404 is about 300 bytes; Linux's default would let tens of thousands through.
            #expect((1..<3_000).contains(answered), "\(answered) answers to a client that reads nothing")
        }
    }

    private static func server(_ change: (inout ServerConfiguration) -> Void) async throws -> TestServer {
        let server = try await TestServer.make()
        var configuration = server.configuration
        change(&configuration)
        return TestServer(components: server.components, configuration: configuration, adminToken: server.adminToken, location: server.location)
    }

    private func limits(_ connections: ConnectionLimit? = nil) -> PolicyFastPathInstaller.Limits {
        .init(idleTimeout: .seconds(60), headerTimeout: .seconds(10), connections: connections)
    }
}
