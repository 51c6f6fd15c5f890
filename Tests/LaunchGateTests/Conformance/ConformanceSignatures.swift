import Crypto
import Foundation
import LaunchGateTesting
@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/signatures.json`: signed documents a client must accept or refuse, and why.
enum ConformanceSignatures {
    struct File: Encodable {
        let about = """
            Each case is one policy check by a client that pins "pinnedKeys" (none: signatures are not \
            required) for "source", running on "platform" at "now". When "previous" is given, the client \
            first accepted that document, which it now trusts. "document" is the exact text served (a \
            signature covers these bytes); "signature" came in the LaunchGate-Signature header, or in the \
            file at the document's URL plus ".sig" when "signatureAt" is "sidecar". "expect.accepted" says \
            whether the client uses the document; a refused one names the error code and why. The rules: \
            docs/policy-format.md, "Signatures"; the keys are test keys, never used elsewhere.
            """
        let cases: [Case]
    }

    struct Source: Encodable {
        let url: String
        var app: String?
    }

    struct Signed: Encodable {
        let document: String
        var signature: String?
    }

    struct Expected: Encodable {
        let accepted: Bool
        var error: String?
        var why: String?
    }

    struct Case: Encodable {
        let name: String
        let source: Source
        var platform = "ios"
        let pinnedKeys: [String]
        var now = "2026-11-20T12:00:00Z"
        var previous: Signed?
        let document: String
        var signature: String?
        var signatureAt = "header"
        var expect = Expected(accepted: false)
    }

    /// Test keys from fixed seeds, so the vectors name the same keys every time they are made.
    static let keyA = try! PolicySigningKey(rawRepresentation: Data(SHA256.hash(data: Data("launchgate conformance key A".utf8))))
    static let keyB = try! PolicySigningKey(rawRepresentation: Data(SHA256.hash(data: Data("launchgate conformance key B".utf8))))
    static let keyC = try! PolicySigningKey(rawRepresentation: Data(SHA256.hash(data: Data("launchgate conformance key C".utf8))))

    private static let server = "https://updates.example.com/v1/apps/notes/policy?platform=ios"

    private static func document(issuedAt: String? = "2026-11-20T09:00:00Z", subject: String? = #"{"app": "notes", "channel": "production", "platform": "ios"}"#,
                                 required: String = "2.0.0", updateURL: String = "https://apps.apple.com/app/id1", platform: String = "ios") -> String {
        let issued = issuedAt.map { #""issuedAt": "\#($0)", "# } ?? ""
        let subjectField = subject.map { #""subject": \#($0), "# } ?? ""
        return #"{"schemaVersion": 1, \#(issued)\#(subjectField)"platforms": {"\#(platform)": {"latest": {"version": "2.4.1"}, "required": {"version": "\#(required)"}, "updateURL": "\#(updateURL)"}}}"#
    }

    /// Each case as written: who signs the document (nil: nobody), and the rest of the case.
    private static var scripts: [(PolicySigningKey?, Case)] {
        let pinned = [keyA.publicKey.description, keyB.publicKey.description]
        let server = Source(url: server)
        func signedCase(_ name: String, _ document: String, source: Source = server, pinned: [String] = pinned,
                        platform: String = "ios", now: String = "2026-11-20T12:00:00Z", previous: String? = nil) -> Case {
            Case(name: name, source: source, platform: platform, pinnedKeys: pinned, now: now,
                 previous: previous.map { Signed(document: $0) }, document: document)
        }
        return [
            (keyA, signedCase("signed by the pinned key, about this app, channel and platform", document())),
            (keyB, signedCase("signed by the second pinned key, as during a key rotation", document())),
            (keyC, signedCase("signed by a key that isn't pinned", document())),
            (keyA, signedCase("one byte changed after signing (2.0.0 became 1.0.0)", document(required: "1.0.0"))),
            (nil, signedCase("not signed while a key is pinned", document())),
            (nil, signedCase("a signature that isn't one reads as none", document())),
            (keyA, signedCase("about another app", document(subject: #"{"app": "photos", "channel": "production", "platform": "ios"}"#))),
            (keyA, signedCase("about the beta channel", document(subject: #"{"app": "notes", "channel": "beta", "platform": "ios"}"#))),
            (keyA, signedCase("about another platform", document(subject: #"{"app": "notes", "channel": "production", "platform": "android"}"#,
                                                                 platform: "android"))),
            (keyA, signedCase("a subject naming one platform and a document naming another is not a valid policy",
                              document(subject: #"{"app": "notes", "channel": "production", "platform": "android"}"#))),
            (keyA, signedCase("a subject without a platform covers every platform", document(subject: #"{"app": "notes", "channel": "production"}"#))),
            (keyA, signedCase("no subject", document(subject: nil))),
            (keyA, signedCase("no issuedAt, so a rollback couldn't be seen", document(issuedAt: nil))),
            (keyA, signedCase("issued more than a day after the device's now", document(issuedAt: "2026-11-21T12:00:01Z"))),
            (keyA, signedCase("issued less than a day after the device's now (a skewed clock)", document(issuedAt: "2026-11-21T11:00:00Z"))),
            (keyA, signedCase("older than the trusted policy: a rollback", document(issuedAt: "2026-11-19T09:00:00Z"),
                              previous: document(issuedAt: "2026-11-20T09:00:00Z"))),
            (keyA, signedCase("newer than the trusted policy", document(issuedAt: "2026-11-20T10:00:00Z", required: "2.1.0"),
                              previous: document(issuedAt: "2026-11-20T09:00:00Z"))),
            (keyA, signedCase("the trusted policy again, byte for byte", document(), previous: document())),
            (keyA, signedCase("another document with the trusted one's issuedAt", document(required: "1.0.0"), previous: document())),
            (keyA, signedCase("signed, but not a valid policy: an http update URL", document(updateURL: "http://apps.apple.com/app/id1"))),
            (keyA, { var made = signedCase("signed in a .sig file beside a static document", document(),
                                           source: Source(url: "https://cdn.example.com/notes/policy.json", app: "notes"))
                     made.signatureAt = "sidecar"
                     return made }()),
            (nil, signedCase("nothing pinned: an unsigned document is used", document(subject: nil), pinned: [])),
        ]
    }

    /// Makes the file. A signature already committed for the same bytes and key is kept, so the
    /// file stays the same on a platform whose Ed25519 signatures are randomized (CryptoKit).
    static func make(previous committed: Data?) async throws -> File {
        let kept = keptSignatures(committed)
        var cases: [Case] = []
        for (signer, script) in scripts {
            var made = script
            func sign(_ document: String) throws -> String? {
                guard let signer else { return nil }
                let bytes = Data(document.utf8)
                if let old = kept[document]?.first(where: { PolicySignature($0)?.isValid(for: bytes, keys: [signer.publicKey]) == true }) {
                    return old
                }
                return try signer.signature(for: Data(document.utf8)).description
            }
            if made.name.hasPrefix("a signature that isn't one") {
                made.signature = "ed25519=AAAA"
            } else if made.name.hasPrefix("one byte changed after signing") {
                made.signature = try sign(document())   // the bytes before the change
            } else {
                made.signature = try sign(made.document)
            }
            if let previous = made.previous { made.previous?.signature = try sign(previous.document) }
            made.expect = await verdict(made)
            cases.append(made)
        }
        return File(cases: cases)
    }

    /// Runs the case through the real fetcher.
    private static func verdict(_ vector: Case) async -> Expected {
        let url = URL(string: vector.source.url)!
        let source = PolicySource(url: url, publicKeys: vector.pinnedKeys.map { try! PolicyPublicKey($0) }, app: vector.source.app)
        let transport = ScriptedTransport()
        let now = ConformanceFile.time(vector.now)
        let fetcher = PolicyFetcher(source: source, app: AppInfo(version: "2.0.0", platform: Platform(rawValue: vector.platform)!),
                                    installID: "install-1", transport: transport, store: InMemoryKeyValueStore(), now: { now })
        func serve(_ document: String, _ signature: String?, sidecar: Bool) {
            let headers = sidecar ? [:] : signature.map { [PolicySignature.headerName: $0] } ?? [:]
            transport.enqueue(.respond(.json(document, headers: headers)), for: url)
            if sidecar, let signature {
                transport.enqueue(.respond(TransportResponse(status: 200, body: Data(signature.utf8))), for: PolicySignature.sidecarURL(for: url))
            }
        }
        if let previous = vector.previous {
            serve(previous.document, previous.signature, sidecar: vector.signatureAt == "sidecar")
            guard case .updated = await fetcher.fetch() else { preconditionFailure("\(vector.name): the previous document was refused") }
        }
        serve(vector.document, vector.signature, sidecar: vector.signatureAt == "sidecar")
        switch await fetcher.fetch() {
        case .updated, .notModified: return Expected(accepted: true)
        case .failed(let error): return Expected(accepted: false, error: error.code, why: error.message)
        }
    }

    /// The signatures in a committed file, by the exact document they sign (by any key).
    private static func keptSignatures(_ data: Data?) -> [String: [String]] {
        guard let data, let file = try? JSONDecoder().decode(Committed.self, from: data) else { return [:] }
        var kept: [String: [String]] = [:]
        for vector in file.cases {
            if let signature = vector.signature { kept[vector.document, default: []].append(signature) }
            if let previous = vector.previous, let signature = previous.signature { kept[previous.document, default: []].append(signature) }
        }
        return kept
    }

    private struct Committed: Decodable {
        struct Signed: Decodable { let document: String; let signature: String? }
        struct Vector: Decodable { let document: String; let signature: String?; let previous: Signed? }
        let cases: [Vector]
    }
}
