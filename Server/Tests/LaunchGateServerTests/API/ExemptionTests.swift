import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Exemptions travel inside the signed policy, as hashes")
struct ExemptionTests {
    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    private func decision(_ response: TestResponse) throws -> String? { try response.json()["decision"] as? String }

    // MARK: Tests

    @Test("an exemption is published, hashed and signed, for everyone alike; /check and the SDK honour it, and removing it republishes")
    func roundTrip() async throws {
        let server = try await TestServer.make()
        let key = try #require(try await server.components.signingKeys.activePublicKey())
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let added = try await client.execute(uri: "/v1/admin/apps/notes/exemptions", method: .post, headers: auth,
                                                 body: body(#"{"kind": "install", "value": "tester-1", "note": "App Review"}"#))
            #expect(added.status == .created)
            #expect(try added.json()["value"] as? String == PolicyExemptions.hash("tester-1"))

            let served = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
            #expect(served.headers[.cacheControl]?.hasPrefix("public") == true, "one cacheable answer for everyone")
            #expect(!served.text.contains("tester-1"), "the ID itself is never published")
            let signature = try #require(served.headers[.init("LaunchGate-Signature")!].flatMap(PolicySignature.init))
            #expect(signature.isValid(for: served.data, keys: [key]))
            let policy = try UpdatePolicy(json: served.data)
            #expect(policy.exemptions?.installs == [PolicyExemptions.hash("tester-1")])
            #expect(policy.subject == PolicySubject(app: "notes", channel: .production, platform: .ios, revision: 2))
            let exempt = EvaluationContext(version: "1.0.0", installID: "tester-1", now: Samples.now)
            #expect(UpdateEvaluator().evaluate(policy, for: exempt) == .upToDate)
            #expect(UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: "1.0.0", installID: "someone", now: Samples.now)) != .upToDate)

            #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0&install=tester-1", method: .get)) == "upToDate")
            let header: HTTPFields = [.init("LaunchGate-Client")!: #"version="1.0.0", platform="ios", install="tester-1""#]
            #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0", method: .get, headers: header)) == "upToDate")
            #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0&install=someone", method: .get)) == "updateRequired")

            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            #expect(history.count == 2, "adding an exemption publishes a new revision, with a newer issuedAt")

            #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions/install/tester-1", method: .delete, headers: auth).status == .noContent)
            #expect(try decision(try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0&install=tester-1", method: .get)) == "updateRequired")
            #expect(try UpdatePolicy(json: try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get).data).exemptions == nil)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions/install/tester-1", method: .delete, headers: auth).errorCode == "exemption-not-found")
        }
    }

    @Test("the history says what each exemption change was, in English: an install, a device")
    func historyNotes() async throws {
        let server = try await TestServer.make()
        let policies = server.components.policies
        _ = try await policies.addExemption(app: "notes", kind: .install, id: "tester-1", note: nil, author: "t")
        _ = try await policies.addExemption(app: "notes", kind: .device, id: "phone-1", note: nil, author: "t")
        try await policies.removeExemption(app: "notes", kind: .install, idOrHash: "tester-1", author: "t")
        let notes = try await server.components.repository.revisions(appID: "notes", channel: .production).prefix(3).map(\.note)
        #expect(notes == ["removed an install exemption", "exempted a device", "exempted an install"])
    }

    @Test("the whole document, without ?platform, carries the same hashes, so an exempt install that asks for it is exempt too")
    func wholeDocument() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions", method: .post, headers: auth,
                                             body: body(#"{"kind": "device", "value": "device-7"}"#)).status == .created)
            let served = try await client.execute(uri: "/v1/apps/notes/policy", method: .get)
            #expect(served.status == .ok)
            let policy = try UpdatePolicy(json: served.data)
            #expect(policy.subject == PolicySubject(app: "notes", channel: .production, platform: nil, revision: 2))
            #expect(policy.exemptions?.devices == [PolicyExemptions.hash("device-7")])
            let exempt = EvaluationContext(version: "1.0.0", platform: .ios, deviceID: "device-7", now: Samples.now)
            #expect(UpdateEvaluator().evaluate(policy, for: exempt) == .upToDate)
            let other = EvaluationContext(version: "1.0.0", platform: .ios, deviceID: "device-8", now: Samples.now)
            #expect(UpdateEvaluator().evaluate(policy, for: other).isBlocking)
        }
    }

    @Test("IDs with '/', spaces or non-ASCII can be removed by the ID, percent-encoded, or by the hash the list shows")
    func awkwardIDs() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            for id in ["a/b c", "gerät-ü"] {
                let json = String(decoding: try JSONEncoder().encode(["kind": "device", "value": id]), as: UTF8.self)
                #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions", method: .post, headers: auth, body: body(json)).status == .created)
            }
            let encoded = try #require("a/b c".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions/device/\(encoded)", method: .delete, headers: auth).status == .noContent)
            let listed = try await client.execute(uri: "/v1/admin/apps/notes/exemptions", method: .get, headers: auth)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let hashes = try decoder.decode([Exemption].self, from: listed.data).map(\.value)
            #expect(hashes == [PolicyExemptions.hash("gerät-ü")])
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/exemptions/device/\(hashes[0])", method: .delete, headers: auth).status == .noContent)
            #expect(try await server.components.repository.exemptions(appID: "notes").isEmpty)
        }
    }

    @Test("exemption IDs are bounded in bytes, not characters")
    func boundedInBytes() async throws {
        let server = try await TestServer.make()
        // One character, thousands of bytes: a base letter followed by combining marks.
        let oneCharacter = "e" + String(repeating: "\u{301}", count: 2_000)
        #expect(oneCharacter.count == 1)
        await #expect(throws: ServiceError.self) {
            try await server.components.policies.addExemption(app: "notes", kind: .install, id: oneCharacter, note: nil, author: "t")
        }
        await #expect(throws: ServiceError.self) {
            try await server.components.policies.addExemption(app: "notes", kind: .install, id: "ok", note: String(repeating: "n", count: 201), author: "t")
        }
    }
}
