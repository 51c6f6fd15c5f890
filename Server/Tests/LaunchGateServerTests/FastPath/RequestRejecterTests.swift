import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateServer

/// What never reaches routing gets the server's JSON error shape, and long targets never grow a table.
@Suite("Malformed requests and long targets are rejected before routing")
struct RequestRejecterTests {
    private typealias Pipe = FastPathPipe

    // MARK: Tests

    @Test("a malformed request gets a 400 in the JSON error shape, with a request ID, and the connection closes")
    func malformed() throws {
        let pipe = try Pipe()
        try pipe.send("GET / HTTP/1.1\nHost: t\n\n")
        let written = try pipe.written()
        #expect(written == Pipe.rejection("400 Bad Request", code: "bad-request", message:
            "the request line must end with the version HTTP/1.1 and CRLF"))
        #expect(!pipe.channel.isActive)
    }

    @Test("a target over 4 KB gets a 414 before routing, not a prepared answer or a table entry")
    func longTarget() throws {
        let pipe = try Pipe()
        let target = "/v1/apps/notes/policy?platform=ios&x=" + String(repeating: "a", count: 5_000)
        try pipe.send("GET \(target) HTTP/1.1\r\n\r\n" + Pipe.get)
        #expect(try pipe.written() == Pipe.rejection("414 URI Too Long", code: "uri-too-long",
                                                     message: "the request target is longer than 4096 bytes; shorten the path and query"))
        #expect(pipe.app.heads.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("Upgrade is refused with the JSON 400 and the connection closes, so nothing after it is held",
          arguments: ["GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
                      "GET / HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n"])
    func upgradesRefused(request: String) throws {
        let pipe = try Pipe()
        try pipe.send(request + "x" + String(repeating: "A", count: 70_000))
        let written = try pipe.written()
        #expect(written == Pipe.rejection("400 Bad Request", code: "upgrade-refused",
                                          message: "this server answers plain HTTP/1.1 requests only; CONNECT and protocol upgrades are refused"), "\(written)")
        #expect(pipe.app.heads.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("CONNECT is refused with a 400 and the connection closes (NIO's encoder sends no body to a CONNECT)")
    func connectRefused() throws {
        let pipe = try Pipe()
        try pipe.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n" + String(repeating: "A", count: 70_000))
        let written = try pipe.written()
        #expect(written.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(written)")
        #expect(written.contains("Connection: close\r\n"))
        #expect(pipe.app.heads.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("a rejection waits for the answers to requests before it")
    func waitsItsTurn() throws {
        let pipe = try Pipe()
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\nGET /\(String(repeating: "a", count: 5_000)) HTTP/1.1\r\n\r\n")
        #expect(try pipe.written().isEmpty)
        try pipe.app.answer("ok")
        let written = try pipe.written()
        #expect(written.hasPrefix(RecordingApp.answerBytes("ok") + "HTTP/1.1 414"))
    }

    @Test("a malformed chunk in a body being read is answered 400 at once, not after the handler's wait for the rest times out")
    func malformedBody() throws {
        let pipe = try Pipe()
        try pipe.send("POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nZZ\r\n")
        #expect(pipe.app.heads.count == 1, "the head went on; its body never ends")
        let written = try pipe.written()
        #expect(written == Pipe.rejection("400 Bad Request", code: "bad-request", message: "the chunked body is malformed"), "\(written)")
        #expect(!pipe.channel.isActive)
    }

    @Test("a malformed body after a request still being answered waits for that answer, then is rejected")
    func malformedBodyWaitsItsTurn() throws {
        let pipe = try Pipe()
        try pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
                      + "POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n")
        #expect(try pipe.written().isEmpty)
        try pipe.app.answer("ok")
        let written = try pipe.written()
        #expect(written == RecordingApp.answerBytes("ok")
                + Pipe.rejection("400 Bad Request", code: "bad-request", message: "the chunked body is malformed"), "\(written)")
    }

    @Test("Expect: 100-continue gets 100 Continue at once, and the answer after the body; behind another request, after its answer")
    func expectContinue() throws {
        let pipe = try Pipe()
        let post = "POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
        try pipe.send(post)
        #expect(try pipe.written() == "HTTP/1.1 100 Continue\r\n\r\n")
        try pipe.send("{}")
        try pipe.app.answer("ok")
        #expect(try pipe.written() == RecordingApp.answerBytes("ok"))

        try pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n" + post)
        #expect(try pipe.written().isEmpty, "no interim answer before the earlier request's answer")
        try pipe.app.answer("first")
        #expect(try pipe.written() == RecordingApp.answerBytes("first") + "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(pipe.channel.isActive)
    }

    @Test("a target over 512 bytes is never prepared")
    func longTargetsNotPrepared() {
        let cache = DocumentCache()
        let prepared = PreparedResponse(app: "notes", etag: "\"e\"", okHeaders: [:], notModifiedHeaders: [:], body: .init())
        let long = "/v1/apps/notes/policy?platform=ios&x=" + String(repeating: "a", count: 500)
        cache.prepare(prepared, for: long, builtIn: cache.generation)
        cache.prepare(prepared, for: Pipe.target, builtIn: cache.generation)
        #expect(cache.prepared(for: long) == nil)
        #expect(cache.prepared(for: Pipe.target) != nil)
    }

    @Test("the live server answers a long target with 414 and a malformed request with the JSON 400")
    func live() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let long = try await client.execute(uri: "/v1/apps/notes/policy?x=" + String(repeating: "a", count: 5_000), method: .get)
            #expect(long.status == .uriTooLong)
            #expect(long.errorCode == "uri-too-long")
            #expect(long.headers[.contentType] == "application/json; charset=utf-8")
            #expect(long.headers[.init("X-Request-ID")!]?.isEmpty == false)
            let socket = try RawClientSocket(port: try #require(client.port))
            try socket.write("GET / HTTP/1.1\r\nHost t\r\n\r\n")
            let (text, closed) = await socket.receive(seconds: 30)
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(text.contains("X-Request-ID: "))
            #expect(text.hasSuffix(#"{"error":{"code":"bad-request","message":"a header name or value has characters HTTP does not allow"}}"#))
            #expect(closed)
        }
    }

    @Test("HTTP/1.0 without keep-alive, and Connection: Close in any case, reach the router as Connection: close; keep-alive stays",
          arguments: [("GET /healthz HTTP/1.0\r\n\r\n", "close"), ("GET /healthz HTTP/1.1\r\nConnection: Close\r\n\r\n", "close"),
                      ("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", "keep-alive")])
    func http10Closes(request: String, expected: String) throws {
        let pipe = try Pipe()
        try pipe.send(request)
        #expect(pipe.app.heads.last?.headers["connection"] == [expected])
    }

    @Test("the live server closes an HTTP/1.0 connection after answering, unless the client asked for keep-alive")
    func liveHTTP10() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            for target in ["/healthz", "/v1/apps/notes/policy?platform=ios"] {
                let socket = try RawClientSocket(port: try #require(client.port))
                try socket.write("GET \(target) HTTP/1.0\r\n\r\n")
                let (text, closed) = await socket.receive(seconds: 10)
                #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(target)")
                #expect(closed, "\(target)")
            }
            let kept = try RawClientSocket(port: try #require(client.port))
            try kept.write("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let (text, closed) = await kept.receive(seconds: 5)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(!closed)
        }
    }
}
