import Testing
@testable import LaunchGateServer

@Suite("The fast path's request-head scanner")
struct RawRequestHeadTests {
    private let target = "/v1/apps/notes/policy?platform=ios"
    private static let get = "GET /v1/apps/notes/policy?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n"

    // MARK: Tests

    @Test("a keep-alive GET is answerable, with its target and If-None-Match value located")
    func plainGet() throws {
        let text = "GET \(target) HTTP/1.1\r\nHost: t\r\nIf-None-Match:  \"abc\" \r\nAccept: */*\r\n\r\n"
        let head = try #require(scan(text).head)
        #expect(head.isAnswerable)
        #expect(head.length == text.utf8.count)
        #expect(slice(text, head.target) == target)
        #expect(slice(text, try #require(head.ifNoneMatch)) == "\"abc\"")
    }

    @Test("the LaunchGate-Client value is located for /check; two such lines leave the request to the decoder")
    func clientHeader() throws {
        let text = "GET / HTTP/1.1\r\nlaunchgate-client:  install=\"a\" \r\n\r\n"
        let head = try #require(scan(text).head)
        #expect(slice(text, try #require(head.launchGateClient)) == "install=\"a\"")
        #expect(head.isAnswerable)
        let twice = try #require(scan("GET / HTTP/1.1\r\nLaunchGate-Client: a=\"1\"\r\nLaunchGate-Client: b=\"2\"\r\n\r\n").head)
        #expect(!twice.isAnswerable)
    }

    @Test("header names match in any case")
    func caseInsensitiveNames() throws {
        let head = try #require(scan("GET / HTTP/1.1\r\nIF-NONE-MATCH: *\r\nCONNECTION: Keep-Alive\r\n\r\n").head)
        #expect(head.ifNoneMatch != nil)
        #expect(head.isAnswerable)
    }

    @Test("only the first head counts when two arrive together")
    func pipelined() throws {
        let first = "GET /a HTTP/1.1\r\n\r\n"
        let head = try #require(scan(first + "GET /b HTTP/1.1\r\n\r\n").head)
        #expect(head.length == first.utf8.count)
    }

    @Test("a head cut short is incomplete, until it is too long to be ours")
    func incomplete() {
        #expect(scan("GET / HTTP/1.1\r\nHost: t\r\n") == .incomplete)
        #expect(scan("GE") == .incomplete)
        #expect(scan("GET / HTTP/1.1\r\nHost: t\r\n\r") == .incomplete)
        #expect(scan("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: RawRequestHead.maximumLength)) == .unrecognized)
    }

    @Test("HTTP/1.0, Connection: close and other known methods reach the decoder between messages")
    func notAnswerable() throws {
        for text in ["GET / HTTP/1.0\r\n\r\n", "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", "HEAD / HTTP/1.1\r\n\r\n",
                     "DELETE / HTTP/1.1\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"] {
            let head = try #require(scan(text).head, "\(text)")
            #expect(!head.isAnswerable, "\(text)")
            #expect(head.endsAtMessageBoundary, "\(text)")
        }
    }

    @Test("a body, two lengths, an upgrade or an expectation leave the framing to the decoder")
    func decoderFraming() throws {
        for text in ["POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                     "GET / HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", "GET / HTTP/1.1\r\nUpgrade: h2c\r\n\r\n",
                     "GET / HTTP/1.1\r\nConnection: Upgrade\r\n\r\n", "GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n"] {
            let head = try #require(scan(text).head, "\(text)")
            #expect(!head.endsAtMessageBoundary, "\(text)")
            #expect(!head.isAnswerable, "\(text)")
        }
    }

    @Test("an unknown or lower-case method, CONNECT, or a target over 4 KB is not the fast path's to frame")
    func decoderOnly() {
        for text in ["get / HTTP/1.1\r\n\r\n", "CONNECT a:1 HTTP/1.1\r\n\r\n", "BREW / HTTP/1.1\r\n\r\n", "TRACE / HTTP/1.1\r\n\r\n",
                     "GET /\(String(repeating: "a", count: RawRequestHead.maximumTargetLength)) HTTP/1.1\r\n\r\n"] {
            #expect(scan(text) == .unrecognized, "\(text.prefix(40))")
        }
        #expect(scan("GET /\(String(repeating: "a", count: RawRequestHead.maximumTargetLength - 1)) HTTP/1.1\r\n\r\n").head != nil)
    }

    @Test("each of the seven known methods scans as a head, and a near miss of each length does not")
    func methods() {
        for method in ["GET", "PUT", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"] {
            #expect(scan("\(method) / HTTP/1.1\r\n\r\n").head != nil, "\(method)")
            // The same length, one letter off, and the same in lower case.
            #expect(scan("\(method.dropLast())X / HTTP/1.1\r\n\r\n") == .unrecognized, "\(method)")
            #expect(scan("\(method.lowercased()) / HTTP/1.1\r\n\r\n") == .unrecognized, "\(method)")
        }
    }

    @Test("what NIO's decoder reads differently is left to it: Content-Length 0 with a trailing tab, Proxy-Connection, and over 100 field lines")
    func decoderReadings() throws {
        for text in ["GET / HTTP/1.1\r\nContent-Length: 0\t\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: 0 \t \r\n\r\n",
                     "GET / HTTP/1.1\r\nProxy-Connection: close\r\n\r\n"] {
            let head = try #require(scan(text).head, "\(text.debugDescription)")
            #expect(!head.isAnswerable, "\(text.debugDescription)")
        }
        // Trailing spaces are read alike by both.
        #expect(try #require(scan("GET / HTTP/1.1\r\nContent-Length: 0  \r\n\r\n").head).isAnswerable)
        let fields = { (count: Int) in "GET / HTTP/1.1\r\n" + String(repeating: "a:b\r\n", count: count) + "\r\n" }
        #expect(scan(fields(RawRequestHead.maximumFieldLines)).head?.isAnswerable == true)
        #expect(scan(fields(RawRequestHead.maximumFieldLines + 1)) == .unrecognized)
    }

    @Test("anything malformed is left to the decoder to reject")
    func malformed() {
        for text in ["GET / HTTP/1.1\nHost: t\n\n", "GET / HTTP/1.1\r\nHost : t\r\n\r\n", "GET / HTTP/1.1\r\nHost: t\r\n folded\r\n\r\n",
                     "\r\nGET / HTTP/1.1\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n",
                     "GET / HTTP/1.1\r\n: empty\r\n\r\n", "GET / http/1.1\r\n\r\n", "\u{16}\u{3}\u{1}\u{2}\u{0}"] {
            #expect(scan(text) == .unrecognized, "\(text.debugDescription)")
        }
    }

    @Test("a complete head longer than 8 KB is the decoder's, even when all of it arrives in one read")
    func overlongCompleteHead() throws {
        let start = "GET / HTTP/1.1\r\nX: "
        let longest = start + String(repeating: "a", count: RawRequestHead.maximumLength - start.utf8.count - 4) + "\r\n\r\n"
        #expect(try #require(scan(longest).head).length == RawRequestHead.maximumLength)
        let over = start + String(repeating: "a", count: RawRequestHead.maximumLength - start.utf8.count - 3) + "\r\n\r\n"
        #expect(scan(over) == .unrecognized)
        #expect(scan(over + Self.get) == .unrecognized)
    }

    @Test("a head trickled in a byte per read ends with the verdict a scan of all of it gives")
    func trickled() {
        for text in [Self.get, "GET / HTTP/1.1\r\nIf-None-Match: \"a\"\r\nContent-Length: 2\r\n\r\n", "GET / HTTP/1.1\r\nHost: t\n\n",
                     "GET / HTTP/1.1\r\nX\u{1}: a\r\n\r\n", "GET / HTTP/1.1\r\nX: a\r\r\n\r\n", "GET / HTTP/1.1\r\n\r\r\n\r\n", "GE\nT"] {
            let bytes = Array(text.utf8)
            var scanned = 0
            var verdict = RawRequestHead.Scan.incomplete
            // As the handler reads: each scan is told how much of the head the last one found incomplete.
            for count in 1...bytes.count {
                verdict = bytes[..<count].withUnsafeBytes { RawRequestHead.scan($0, scannedUpTo: scanned) }
                guard verdict == .incomplete else { break }
                scanned = count
            }
            #expect(verdict == scan(text), "\(text.debugDescription)")
        }
    }

    @Test("bytes scanned before are not scanned again until what follows them can end the head")
    func resumesAfterScanned() {
        let scanned = Array("GET / HTTP/1.1\r\nX: a".utf8)
        #expect(scanned.withUnsafeBytes { RawRequestHead.scan($0) } == .incomplete)
        // A byte the scanner refuses, where it has already looked: only a scan from the start would see it.
        var changed = scanned
        changed[0] = 0
        #expect((changed + Array("b\r".utf8)).withUnsafeBytes { RawRequestHead.scan($0, scannedUpTo: scanned.count) } == .incomplete)
        #expect((changed + Array("b\r\n\r\n".utf8)).withUnsafeBytes { RawRequestHead.scan($0, scannedUpTo: scanned.count) } == .unrecognized)
        #expect((changed + Array("b\n".utf8)).withUnsafeBytes { RawRequestHead.scan($0, scannedUpTo: scanned.count) } == .unrecognized)
    }

    // MARK: Helpers

    private func scan(_ text: String) -> RawRequestHead.Scan {
        Array(text.utf8).withUnsafeBytes { RawRequestHead.scan($0) }
    }

    private func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }
}
