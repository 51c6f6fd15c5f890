import Foundation
import HTTPTypes
import Metrics
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import LaunchGateServer

/// The fast path in a real NIO HTTP pipeline, byte by byte, with a stand-in for Hummingbird
/// that records what reaches it and answers only when told to.
@Suite("The fast path keeps HTTP/1.1 framing and ordering intact")
struct FastPathPipelineTests {
    private typealias Pipe = FastPathPipe
    private static let target = Pipe.target
    private static let etag = Pipe.etag
    private static let get = Pipe.get
    private static let okBytes = Pipe.okBytes
    private static let notModifiedBytes = Pipe.notModifiedBytes

    // MARK: Tests

    @Test("a prepared GET is answered with the exact prepared bytes and never reaches the router")
    func answersPrepared() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("a matching If-None-Match gets the 304, and a different one the 200")
    func revalidation() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: \(Self.etag)\r\n\r\n")
        #expect(try pipe.written() == Self.notModifiedBytes)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: W/\"other\", W/\(Self.etag)\r\n\r\n")
        #expect(try pipe.written() == Self.notModifiedBytes)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: \"other\"\r\n\r\n")
        #expect(try pipe.written() == Self.okBytes)
    }

    @Test("a request behind one the router is still answering waits its turn, so answers stay in order")
    func ordering() throws {
        let pipe = try Pipe()
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\n" + Self.get)
        #expect(pipe.app.heads.map(\.uri) == ["/healthz", Self.target])
        #expect(try pipe.written().isEmpty, "nothing may overtake the first answer")
        try pipe.app.answer("first")
        try pipe.app.answer("second")
        #expect(try pipe.written().hasPrefix("HTTP/1.1 200 OK"))
        // Both answered: the next one is fast again.
        try pipe.send(Self.get)
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.count == 2)
    }

    @Test("a lower-case method's 400 comes before anything pipelined after it, which is never answered")
    func lowercaseMethod() throws {
        let pipe = try Pipe()
        try pipe.send("get / HTTP/1.1\r\n\r\n" + Self.get)
        #expect(try pipe.written() == Pipe.rejection(
            "400 Bad Request", code: "bad-request", message: "the method is not valid HTTP/1.1; use an upper-case method such as GET"))
        #expect(pipe.app.heads.isEmpty)
        #expect(!pipe.channel.isActive, "the connection closes after the 400")
    }

    @Test("after CONNECT, nothing on the connection is answered: the refusal is the last answer, and it closes")
    func connectHandsOver() throws {
        let pipe = try Pipe()
        try pipe.send("CONNECT a:1 HTTP/1.1\r\n\r\nGET /healthz HTTP/1.1\r\n\r\n" + Self.get)
        #expect(pipe.app.heads.isEmpty)
        let written = try pipe.written()
        #expect(written.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && !written.contains("etag"), "the prepared GET must not pose as /healthz's answer: \(written)")
        #expect(!pipe.channel.isActive)
    }

    @Test("two If-None-Match lines go to the router, which reads them as one list, as for any other request")
    func repeatedIfNoneMatch() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: \(Pipe.etag)\r\nIf-None-Match: \"other\"\r\n\r\n")
        #expect(pipe.app.heads.count == 1)
        #expect(try pipe.written().isEmpty)
    }

    @Test("requests the fast path passed on hold back later answers until each is answered, whatever the decoder made of them")
    func countsWhatItPassed() throws {
        let pipe = try Pipe()
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\nDELETE /v1/x HTTP/1.1\r\n\r\n" + Self.get)
        #expect(pipe.app.heads.map(\.uri) == ["/healthz", "/v1/x", Self.target])
        try pipe.app.answer("one")
        try pipe.app.answer("two")
        try pipe.app.answer("three")
        try pipe.send(Self.get)
        #expect(try pipe.written() == RecordingApp.answerBytes("one") + RecordingApp.answerBytes("two")
            + RecordingApp.answerBytes("three") + Self.okBytes)
    }

    @Test("a head split across reads is answered once it is whole")
    func splitHead() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HT")
        #expect(try pipe.written().isEmpty)
        try pipe.send("TP/1.1\r\nHost: t\r\n")
        try pipe.send("\r\n")
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("a head trickled in a byte per read is answered once whole, and one that ends in bare line feeds still reaches the decoder")
    func trickledHead() throws {
        let pipe = try Pipe()
        for byte in Self.get.utf8 { try pipe.send(String(decoding: [byte], as: UTF8.self)) }
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\n")
        try? pipe.send("Host: t\n\n")
        // Whatever the decoder makes of it, it has the head at once, not after the header timeout.
        let written = try pipe.written()
        #expect(pipe.app.heads.count == 1 || written.hasPrefix("HTTP/1.1 400"), "\(written)")
    }

    @Test("a complete head over 8 KB goes to the router, even when it arrives in one read")
    func overlongHead() throws {
        let pipe = try Pipe()
        let padding = String(repeating: "a", count: RawRequestHead.maximumLength)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nX-Padding: \(padding)\r\n\r\n")
        #expect(pipe.app.heads.map(\.uri) == [Self.target])
        #expect(try pipe.written().isEmpty, "the prepared answer would skip the decoder's limits")
    }

    @Test("pipelined prepared GETs are all answered, in one flush")
    func pipelinedFast() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get + Self.get + Self.get)
        #expect(try pipe.written() == Self.okBytes + Self.okBytes + Self.okBytes)
    }

    @Test("after a request with a body, the decoder frames the rest of the connection")
    func bodyHandsOver() throws {
        let pipe = try Pipe()
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nContent-Length: 19\r\n\r\nGET /x HTTP/1.1\r\n\r\n")
        #expect(pipe.app.heads.map(\.uri) == ["/v1/admin/apps"], "the body is not a request")
        #expect(pipe.app.bodyBytes == 19)
        try pipe.app.answer("created")
        try pipe.send(Self.get)
        #expect(pipe.app.heads.map(\.uri) == ["/v1/admin/apps", Self.target])
    }

    @Test("HTTP/1.0, Connection: close, HEAD and unknown targets go to the router")
    func routerCases() throws {
        for request in ["GET \(Self.target) HTTP/1.0\r\n\r\n", "GET \(Self.target) HTTP/1.1\r\nConnection: close\r\n\r\n",
                        "HEAD \(Self.target) HTTP/1.1\r\n\r\n", "GET /v1/apps/notes/policy?platform=android HTTP/1.1\r\n\r\n"] {
            let pipe = try Pipe()
            try pipe.send(request)
            #expect(pipe.app.heads.count == 1, "\(request)")
            #expect(try pipe.written().isEmpty, "\(request)")
        }
    }

    @Test("a LaunchGate-Client header gets the same prepared answer: exemptions live in the signed document")
    func clientHeader() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nLaunchGate-Client: install=\"tester\"\r\n\r\n")
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("a publish invalidates what the connection remembered")
    func invalidation() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        _ = try pipe.written()
        pipe.cache.removeAll()
        try pipe.send(Self.get)
        #expect(pipe.app.heads.count == 1)
    }

    @Test("after answering, it asks for the next read itself, but leaves reads to backpressure once the router has work")
    func reads() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        _ = try pipe.written()
        #expect(pipe.reads.count == 1)
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\n")
        try pipe.send("GET \(Self.target) HT")
        #expect(pipe.reads.count == 1, "the async channel decides when to read while a request is queued")
    }

    @Test("malformed input reaches the decoder, which rejects it")
    func malformed() throws {
        let pipe = try Pipe()
        try? pipe.send("GET / HTTP/1.1\nHost: t\n\n")
        #expect(try pipe.written().hasPrefix("HTTP/1.1 400"))
        #expect(pipe.app.heads.isEmpty)
    }
}
