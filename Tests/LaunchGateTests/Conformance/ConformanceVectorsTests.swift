import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/` holds the answers the Swift core gives, for clients in other languages to check
/// theirs against (docs/policy-format.md, "Conformance vectors"). Each test makes a file again from
/// the core and fails on any difference, so the vectors can't drift from what the SDK does.
/// After a deliberate change: `LAUNCHGATE_RECORD_CONFORMANCE=1 swift test --filter ConformanceVectorsTests`,
/// then review the diff.
@Suite("The conformance vectors are exactly what the Swift core computes")
struct ConformanceVectorsTests {
    // MARK: Tests

    @Test("each file in conformance/ is made again, byte for byte", arguments: ConformanceFile.all)
    func upToDate(file: ConformanceFile) async throws {
        let made = try await file.make()
        let url = ConformanceFile.folder.appendingPathComponent(file.name)
        if ProcessInfo.processInfo.environment[ConformanceFile.recordVariable] == "1" {
            try FileManager.default.createDirectory(at: ConformanceFile.folder, withIntermediateDirectories: true)
            try made.write(to: url)
            return
        }
        let committed = try #require(ConformanceFile.committed(file.name),
                                     "conformance/\(file.name) is missing; make it with \(ConformanceFile.recordVariable)=1")
        guard committed != made else { return }
        let old = String(decoding: committed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: made, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record("""
            conformance/\(file.name) differs from what the core computes, first at line \(line + 1):
              committed: \(line < old.count ? old[line] : "(end of file)")
              computed:  \(line < new.count ? new[line] : "(end of file)")
            If the change is meant, run \(ConformanceFile.recordVariable)=1 swift test --filter ConformanceVectorsTests and review the diff.
            """)
    }

    @Test("every file in conformance/ is one the core makes, so none goes stale unchecked")
    func noStrayFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ConformanceFile.folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(ConformanceFile.all.map(\.name)))
    }

    @Test("the vectors cover each outcome: every decision, accepted and refused signatures, and each refusal's reason")
    func coverage() throws {
        let decisions = try ConformanceDecisions.make().cases.map(\.expect.decision)
        #expect(Set(decisions) == ["upToDate", "updateAvailable", "updateRecommended", "updateRequired", "endOfLife", "deviceUnsupported", "maintenance",
                                  "osSupportEnding"])
        let signatures = try JSONDecoder().decode(SignatureSummary.self, from: try #require(ConformanceFile.committed("signatures.json")))
        let codes = Set(signatures.cases.compactMap(\.expect.error))
        #expect(codes == ["signature-invalid", "signature-missing", "subject-mismatch", "subject-missing", "signed-without-issued-at",
                          "issued-in-future", "rollback", "issued-at-reused", "invalid-policy"])
        #expect(signatures.cases.contains { $0.expect.accepted })
    }

    private struct SignatureSummary: Decodable {
        struct Expect: Decodable { let accepted: Bool; let error: String? }
        struct Vector: Decodable { let expect: Expect }
        let cases: [Vector]
    }
}
