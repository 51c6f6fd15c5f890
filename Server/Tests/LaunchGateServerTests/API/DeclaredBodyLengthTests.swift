import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateServer

/// A body declared larger than its endpoint takes is refused from the head, before any of it is
/// read: otherwise a client that declares a gigabyte and sends one byte holds the request and its
/// connection until the idle timeout, unanswered (attack s14, H5).
@Suite("Request bodies declared over an endpoint's limit")
struct DeclaredBodyLengthTests {
    @Test("a ping, a policy upload and a sign-in send declaring 1 GB and sending 1 byte are answered at once, the first two with the JSON 413")
    func refusedFromTheHead() async throws {
        let server = try await TestServer.make()
        let heads = [
            ("POST /v1/apps/notes/installs/ping", "LaunchGate-Client: \(InstallRecordingTests.header("h5"))\r\nContent-Type: application/json", "413"),
            ("PUT /v1/admin/apps/notes/policy", "Authorization: Bearer \(server.adminToken)\r\nContent-Type: application/json", "413"),
            // Sign-in answers its own 400 shape for every unreadable body, an oversized one included.
            ("POST /v1/apps/notes/auth/send-code", "Content-Type: application/json", "4"),
        ]
        try await server.application.test(.live) { client in
            for (line, fields, status) in heads {
                let socket = try RawClientSocket(port: try #require(client.port))
                try socket.write("\(line) HTTP/1.1\r\nHost: t\r\n\(fields)\r\nContent-Length: 1000000000\r\n\r\n{")
                // The bound is the test's patience, far below the server's idle timeout: without the
                // check the server waits for the other 999,999,999 bytes and no answer comes.
                let answer = try #require(await socket.response(seconds: 5), "no answer to \(line)")
                #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(line): \(answer)")
                if status == "413" { #expect(answer.contains(#""code":"body-too-large""#), "\(line)") }
            }
        }
    }
}
