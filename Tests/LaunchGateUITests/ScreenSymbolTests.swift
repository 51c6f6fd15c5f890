import LaunchGate
@testable import LaunchGateUI
import Testing

extension AdapterTests {
    @Suite("The icon says which kind of screen it is, on the banner as on the full screen")
    struct ScreenSymbolTests {
        @Test("the OS notice doesn't wear the update arrow, and every kind but the two update offers has an icon of its own")
        func iconPerKind() {
            #expect(ScreenKind.osSupportEnding.symbolName != ScreenKind.updateAvailable.symbolName)
            let others = ScreenKind.allCases.filter { ![.updateAvailable, .updateRecommended].contains($0) }
            #expect(Set(others.map(\.symbolName)).count == others.count)
            #expect(!others.map(\.symbolName).contains(ScreenKind.updateAvailable.symbolName))
        }
    }
}
