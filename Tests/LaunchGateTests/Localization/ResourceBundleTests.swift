import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("ResourceBundle finds a target's resources beside the executable, and a missing bundle is nil, not a crash")
struct ResourceBundleTests {
    /// Stands in for `Bundle.module`, which must not be reached outside an app: the generated one
    /// stops the process when its bundle is missing.
    private static func moduleNotExpected() -> Bundle {
        Issue.record("Bundle.module was asked for outside an app or a test bundle")
        return Bundle.main
    }

    // MARK: Tests

    @Test("the SDK's own bundle is found beside the test executable, with its translations")
    func findsTheSDKBundle() throws {
        #if canImport(Darwin)
        let found = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Bundle.module, anchor: StringTables.self)
        #else
        let found = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Self.moduleNotExpected(), anchor: StringTables.self)
        #endif
        let bundle = try #require(found)
        #expect(bundle.url(forResource: "fr", withExtension: "json", subdirectory: "Strings") != nil)
    }

    @Test("a bundle that isn't anywhere is nil, and Bundle.module is not asked for")
    func missingBundleIsNil() {
        #if !canImport(Darwin)
        #expect(ResourceBundle.locate(named: "NoSuchPackage_NoSuchTarget", module: Self.moduleNotExpected()) == nil)
        #endif
    }
}
