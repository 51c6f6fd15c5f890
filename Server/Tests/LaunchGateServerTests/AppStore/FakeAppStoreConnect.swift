import AsyncHTTPClient
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// scripts/fake-appstore-connect.py on loopback: checks each token with the test key's public half
/// and serves phased releases that ``set(_:state:day:status:)`` moves on.
final class FakeAppStoreConnect: Sendable {
    let port: Int
    private let process: Process

    /// Whether Python and its `cryptography` package are here (scripts/test installs it).
    static let isAvailable: Bool = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import cryptography"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        // Runs once, before any test, off the cooperative pool's hot path.
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    /// Starts the fake with apps given as `BUNDLE=VERSION:STATE[:DAY]`.
    init(apps: [String]) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/fake-appstore-connect.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0"] + apps.flatMap { ["--app", $0] }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is "listening on PORT".
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self).replacingOccurrences(of: "listening on ", with: "")) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.process = process
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Moves an app's phased release on, or makes its answers an error status.
    func set(_ bundle: String, _ fields: [String: Any], client: HTTPClient) async throws {
        var request = HTTPClientRequest(url: "\(baseURL)/control/apps/\(bundle)")
        request.method = .POST
        request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: fields)))
        _ = try await client.execute(request, timeout: .seconds(10)).body.collect(upTo: 1 << 16)
    }

    /// The paths asked, and why any token was refused.
    func log(client: HTTPClient) async throws -> [[String: Any]] {
        let response = try await client.execute(HTTPClientRequest(url: "\(baseURL)/control/log"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
        return json?["log"] as? [[String: Any]] ?? []
    }

    /// Ends the fake. No waitUntilExit: on Linux it spins a run loop, which must not run on the
    /// cooperative pool the tests share.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
    }
}
