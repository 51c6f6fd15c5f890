import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import LaunchGateServer

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
        for byte in "GET \(Pipe.target) HTTP/1.1\r\nX-A: " where pipe.channel.isActive {
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
        try pipe.send("PUT /v1/admin/apps/notes/policy HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n{")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try pipe.send(" ")
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!pipe.channel.isActive)
    }

    @Test("requests that arrive whole in time are never cut off, however many and however spaced")
    func inTime() async throws {
        let pipe = try await Pipe.make(requestTimeout: .seconds(10))
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nContent-Length: 2\r\n\r\n{")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
        try pipe.send("}")
        try pipe.app.answer("created")
        for _ in 0..<5 {
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(8))
            try pipe.send("GET \(Pipe.target) HTTP/1.1\r\n")
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
        let server = try await Self.server { $0.idleTimeout = .seconds(1) }
        try await server.application.test(.live) { client in
            let uri = Pipe.target
            let socket = try RawClientSocket(port: try #require(client.port))
            let started = Date()
            var answers = 0
            while Date().timeIntervalSince(started) < 3 {
                try socket.write("GET \(uri) HTTP/1.1\r\nHost: t\r\n\r\n")
                let (text, closed) = await socket.receive(seconds: 0.3)
                #expect(!closed, "closed while busy, after \(Date().timeIntervalSince(started)) s")
                if closed { return }
                answers += text.components(separatedBy: "HTTP/1.1 200 OK").count - 1
            }
            #expect(answers >= 5)
            #expect(await socket.receive(seconds: 30).closed)
        }
    }

    @Test("at the cap the server stops accepting: a connection over it waits, and is served once another closes")
    func liveCap() async throws {
        let server = try await Self.server { $0.maxConnections = 2 }
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            // Whether the test client holds a place of its own or not, the third socket at the latest waits.
            var served: [RawClientSocket] = []
            var waiting: RawClientSocket?
            for _ in 0..<3 where waiting == nil {
                let socket = try RawClientSocket(port: port)
                try socket.write("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
                if await socket.response(seconds: 3) != nil { served.append(socket) } else { waiting = socket }
            }
            #expect(served.count <= 2, "never more than the cap")
            let waiter = try #require(waiting, "a connection over the cap was served at once")
            served.first?.close()
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

    @Test("a live client that pipelines prepared GETs and never reads is soon refused more bytes")
    func liveClientBlocks() async throws {
        let server = try await TestServer.make()
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
}
