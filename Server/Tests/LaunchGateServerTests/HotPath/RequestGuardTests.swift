import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// What never reaches routing gets the server's JSON error shape and closes the connection.
@Suite("Malformed requests, upgrades and long targets are refused before routing")
struct RequestGuardTests {
    private typealias Pipe = HotPathPipe

    // MARK: Tests

    @Test("a malformed request gets a 400 in the JSON error shape, with a request ID, and the connection closes")
    func malformed() async throws {
        let pipe = try await Pipe.make()
        try? pipe.send("GET / HTTP/1.1\nHost: t\n\n")
        #expect(try pipe.written() == Pipe.refusal("400 Bad Request", code: "bad-request",
                                                   message: "the request line must end with the version HTTP/1.1 and CRLF"))
        #expect(!pipe.channel.isActive)
    }

    @Test("a lower-case method's 400 comes after the answers to the requests before it, and nothing after it is answered")
    func inTurn() async throws {
        let pipe = try await Pipe.make()
        try? pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\nget / HTTP/1.1\r\nHost: t\r\n\r\n" + Pipe.get)
        #expect(try pipe.written().isEmpty)
        try pipe.app.answer("ok")
        #expect(try pipe.written() == RecordingApp.answerBytes("ok") + Pipe.refusal(
            "400 Bad Request", code: "bad-request", message: "the method is not valid HTTP/1.1; use an upper-case method such as GET"))
        #expect(pipe.app.paths == ["/healthz"])
        #expect(!pipe.channel.isActive)
    }

    @Test("bytes after a Connection: close request, in its read and later ones, take no earlier answer away and get no 400")
    func bytesAfterClose() async throws {
        let pipe = try await Pipe.make()
        // Two reads, as from a client that pipelined past the close: without the guard, the second
        // read's error reached Hummingbird at once, which closed before the owed answers.
        try pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\nGET /nope HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\nGET /more HTTP/1.1\r\nHost: t\r\n")
        try pipe.send(String(repeating: "A", count: 3_000))
        try pipe.app.answer("one")
        try pipe.app.answer("two")
        #expect(try pipe.written() == RecordingApp.answerBytes("one") + RecordingApp.answerBytes("two"))
        #expect(pipe.app.paths == ["/healthz", "/nope"])
    }

    @Test("a target over 4 KB gets a 414 before routing or the hot path")
    func longTarget() async throws {
        let pipe = try await Pipe.make()
        try pipe.send("GET /v1/apps/notes/policy?platform=ios&x=\(String(repeating: "a", count: 5_000)) HTTP/1.1\r\nHost: t\r\n\r\n" + Pipe.get)
        #expect(try pipe.written() == Pipe.refusal("414 URI Too Long", code: "uri-too-long",
                                                   message: "the request target is longer than 4096 bytes; shorten the path and query"))
        #expect(pipe.app.requests.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("CONNECT and Upgrade are refused with the JSON 400 and the connection closes, so nothing after them is held",
          arguments: ["CONNECT a:1 HTTP/1.1\r\nHost: t\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
                      "GET / HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n"])
    func upgrades(request: String) async throws {
        let pipe = try await Pipe.make()
        try pipe.send(request + Pipe.get + String(repeating: "A", count: 10_000))
        let written = try pipe.written()
        let refusal = Pipe.refusal("400 Bad Request", code: "upgrade-refused",
                                   message: "this server answers plain HTTP/1.1 requests only; CONNECT and protocol upgrades are refused")
        if request.hasPrefix("CONNECT") {
            // NIO's encoder sends no body in answer to CONNECT, whatever the status.
            #expect(written.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && written.contains("Connection: close\r\n"), "\(written)")
        } else {
            #expect(written == refusal)
        }
        #expect(pipe.app.requests.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("a malformed body is answered 400 at once, not after Hummingbird's wait for the rest times out")
    func malformedBody() async throws {
        let pipe = try await Pipe.make()
        try? pipe.send("POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nZZ\r\n")
        #expect(pipe.app.requests.count == 1, "the head went on; its body never ends")
        #expect(try pipe.written() == Pipe.refusal("400 Bad Request", code: "bad-request", message: "the chunked body is malformed"))
        #expect(!pipe.channel.isActive)
    }

    @Test("a body that goes bad while its request is being answered ends that one answer and closes, with no second answer")
    func malformedBodyWhileAnswered() async throws {
        let pipe = try await Pipe.make()
        try pipe.send("POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
        try pipe.app.begin("early")
        try? pipe.send("ZZ\r\n")
        #expect(pipe.channel.isActive, "the answer in progress is not cut off")
        try pipe.app.end()
        #expect(try pipe.written() == RecordingApp.answerBytes("early"))
        #expect(!pipe.channel.isActive)
    }

    @Test("a body that goes bad after its request was answered in full closes the connection with no second answer")
    func malformedBodyAfterAnswer() async throws {
        let pipe = try await Pipe.make()
        try pipe.send("POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
        try pipe.app.answer("early")
        try? pipe.send("ZZ\r\n")
        #expect(try pipe.written() == RecordingApp.answerBytes("early"))
        #expect(!pipe.channel.isActive)
    }

    @Test("a pipelined request whose body is malformed gets its 400 after the answer to the request before it")
    func malformedBodyInTurn() async throws {
        let pipe = try await Pipe.make()
        try? pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /api/auth/send-code HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n")
        try pipe.app.answer("ok")
        #expect(try pipe.written() == RecordingApp.answerBytes("ok")
            + Pipe.refusal("400 Bad Request", code: "bad-request", message: "the chunked body is malformed"))
        #expect(!pipe.channel.isActive)
    }

    @Test("Expect: 100-continue gets 100 Continue when its request's turn comes, and the answer after the body")
    func expectContinue() async throws {
        let pipe = try await Pipe.make()
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

    @Test("HTTP/1.0 without keep-alive, and Connection: Close in any case, reach Hummingbird as Connection: close; keep-alive stays",
          arguments: [("GET /healthz HTTP/1.0\r\n\r\n", "close"), ("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n", "close"),
                      ("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close,\r\n\r\n", "close"),
                      ("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: keep-alive, Close\r\n\r\n", "close"),
                      ("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", "keep-alive")])
    func http10Closes(request: String, expected: String) async throws {
        let pipe = try await Pipe.make()
        try pipe.send(request)
        #expect(pipe.app.requests.last?.headerFields[.connection] == expected)
    }

    @Test("an HTTP/1.1 request without a Host, any request with two, or one whose Host is not host[:port], gets the JSON 400 (with no 100 Continue before it) and nothing reaches Hummingbird",
          arguments: [("GET /healthz HTTP/1.1\r\n\r\n", "an HTTP/1.1 request needs a Host header"),
                      ("POST /api/auth/send-code HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", "an HTTP/1.1 request needs a Host header"),
                      ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "the request has 2 Host headers; send exactly one"),
                      ("GET /healthz HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n", "the request has 2 Host headers; send exactly one"),
                      ("GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n", "the Host header is not a host name or address with an optional port"),
                      ("GET /healthz HTTP/1.1\r\nHost: u@evil.example\r\n\r\n", "the Host header is not a host name or address with an optional port"),
                      ("GET /healthz HTTP/1.1\r\nHost: a, b\r\n\r\n", "the Host header is not a host name or address with an optional port"),
                      ("GET /healthz HTTP/1.1\r\nHost:\r\n\r\n", "the Host header is not a host name or address with an optional port")])
    func host(request: String, message: String) async throws {
        let pipe = try await Pipe.make()
        try? pipe.send(request)
        #expect(try pipe.written() == Pipe.refusal("400 Bad Request", code: "bad-host", message: message))
        #expect(pipe.app.paths.isEmpty)
        #expect(!pipe.channel.isActive)
    }

    @Test("the live server answers a long target with 414 and a malformed request with the JSON 400, and closes")
    func live() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let long = try await client.execute(uri: "/v1/apps/notes/policy?x=" + String(repeating: "a", count: 5_000), method: .get)
            #expect(long.status == .uriTooLong)
            #expect(long.errorCode == "uri-too-long")
            #expect(long.headers[.requestID]?.isEmpty == false)
            let socket = try RawClientSocket(port: try #require(client.port))
            try socket.write("GET / HTTP/1.1\r\nHost t\r\n\r\n")
            let (text, closed) = await socket.receive(seconds: 30)
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(text.contains("X-Request-ID: "))
            #expect(text.hasSuffix(#"{"error":{"code":"bad-request","message":"a header name or value has characters HTTP does not allow"}}"#))
            #expect(closed)
        }
    }

    @Test("after a refusal the live server reads on and drops what the client still sends, so a large answer before it and the 400 arrive whole and end in FIN, not a reset (attack s17, 1)")
    func refusalLingers() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            // A small receive buffer keeps most of the 88 KB answer queued at the server when it refuses the garbage.
            let socket = try RawClientSocket(port: try #require(client.port), receiveBuffer: 4096)
            try? socket.write("GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n" + String(repeating: "X", count: 100_000))
            let (text, closed) = await socket.receive(seconds: 30)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("HTTP/1.1 400 Bad Request\r\n") && text.hasSuffix("\"}}"), "got \(text.utf8.count) bytes, ending \(text.suffix(80))")
            #expect(closed)
        }
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
            for target in ["/healthz", "/v1/apps/notes/policy?platform=ios"] {
                let kept = try RawClientSocket(port: try #require(client.port))
                try kept.write("GET \(target) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let (text, closed) = await kept.receive(seconds: 5)
                #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(target)")
                // Without it an HTTP/1.0 client takes the answer as the connection's last.
                #expect(text.lowercased().contains("\r\nconnection: keep-alive\r\n"), "\(target)")
                #expect(!closed, "\(target)")
            }
        }
    }
}
