import Foundation
import NIOCore
import Testing
@testable import LaunchGateAppStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("A lookup that reached nobody says so in one plain line, not in NIO's nested descriptions")
struct TransportFailureTextTests {
    // MARK: Tests

    @Test("an errno reads as its sentence, without the errno and the type around it (attack s13, 8)")
    func errno() {
        #expect(TransportFailureText.line(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused")
    }

    @Test("a refused connection on loopback reads: connection refused")
    func refusedConnection() async throws {
        let transport = AsyncHTTPAppStoreTransport()
        // Port 1 (tcpmux) has no listener here: the kernel refuses the connection at once.
        let error = await #expect(throws: AppStoreTransportError.self) {
            try await transport.get(URL(string: "http://127.0.0.1:1/lookup")!, timeout: .seconds(3), maximumBytes: 1024)
        }
        try await transport.shutdown()
        guard case .failed(let text) = error else { Issue.record("expected a failure, got \(String(describing: error))"); return }
        #expect(text == "connection refused")
    }
}
