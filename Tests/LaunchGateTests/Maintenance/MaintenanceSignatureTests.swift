import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("A maintenance window is part of what the policy's signature covers")
struct MaintenanceSignatureTests {
    private let transport = ScriptedTransport()
    private let key = PolicySigningKey()
    private let window = #""maintenance": {"start": "2026-12-01T02:00:00Z", "end": "2026-12-01T04:00:00Z", "message": "Back at 4."}, "#

    /// Fetches `served` with the signature made over `signed`.
    private func fetch(served: Data, signed: Data) async throws -> FetchOutcome {
        let source = PolicySource(url: PolicyDocuments.url, publicKeys: [key.publicKey])
        let response = TransportResponse.json(served, headers: [PolicySignature.headerName: try key.signature(for: signed).description])
        transport.enqueue(.respond(response), for: source.url)
        return await PolicyFetcher(source: source, app: AppInfo(version: "2.0.0", platform: .ios), installID: "install-1",
                                   transport: transport, cache: PolicyCache(store: InMemoryKeyValueStore())).fetch()
    }

    private func document(_ window: String) -> Data {
        let text = String(decoding: PolicyDocuments.canonical(), as: UTF8.self)
        return Data(text.replacingOccurrences(of: #""updateURL""#, with: window + #""updateURL""#).utf8)
    }

    // MARK: Tests

    @Test("the signed window is accepted as signed")
    func signed() async throws {
        let body = document(window)
        let outcome = try await fetch(served: body, signed: body)
        #expect(outcome.policy?.platforms[.ios]?.maintenance?.message == "Back at 4.", "\(outcome)")
    }

    @Test("moving the window's end, dropping the window or adding one to a signed document breaks the signature")
    func altered() async throws {
        let signed = document(window)
        let moved = document(window.replacingOccurrences(of: "04:00:00Z", with: "23:00:00Z"))
        let added = document(window)
        for (served, original) in [(moved, signed), (document(""), signed), (added, document(""))] {
            let outcome = try await fetch(served: served, signed: original)
            guard case .failed(let error) = outcome else {
                Issue.record("an altered window was accepted: \(outcome)")
                continue
            }
            #expect(error == .signatureInvalid, "\(error)")
        }
    }
}
