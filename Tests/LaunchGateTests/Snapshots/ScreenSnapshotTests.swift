import Foundation
import SnapshotTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

/// Text snapshots of every update and sign-in screen in every language the SDK ships, with its
/// direction, in `__Snapshots__/ScreenSnapshotTests/`. A changed word, a lost placeholder or a
/// flipped direction shows as a diff. After a deliberate change, re-record with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter ScreenSnapshotTests` and review the diff.
@MainActor
@Suite("Every screen's words in every language, as text snapshots")
struct ScreenSnapshotTests {
    // MARK: Tests

    @Test("each language's update and sign-in screens read as recorded", arguments: LaunchGateStrings.supportedLanguages)
    func screens(language: String) async throws {
        let strings = LaunchGateStrings.forLanguages([language])
        #expect(strings.language == language, "the \(language) resource could not be read")
        let transcript = ScreenTranscript(strings: strings,
                                          entries: ScreenCatalog.gateScreens(strings) + (await ScreenCatalog.signInScreens(strings)))
        assertSnapshot(of: transcript, as: .transcript, named: language)
    }

    @Test("the snapshots cover every language and only those")
    func everyLanguageRecorded() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ScreenSnapshotTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
        let recorded = Set(files.map { $0.replacingOccurrences(of: "screens-language.", with: "").replacingOccurrences(of: ".txt", with: "") })
        #expect(recorded == Set(LaunchGateStrings.supportedLanguages))
    }
}
