import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGatePolicies

@Suite("Platforms are listed in one order everywhere: iOS first, as Platform's cases")
struct PlatformOrderTests {
    @Test("the order is Platform's cases', whatever order they come in")
    func order() {
        let shuffled: [Platform] = [.android, .visionos, .ios, .macos, .watchos, .tvos, .ipados]
        #expect(shuffled.sorted { $0.isListed(before: $1) } == Platform.allCases)
    }

    @Test("the impact's sentences name iOS before Android, where the alphabet would put Android first")
    func sentences() {
        var impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(), current: Samples.policy())
        impact.rollouts = [.android: 50, .ios: 25]
        let note = ImpactSentences(impact).rolloutNote ?? ""
        let ios = note.range(of: "iOS 25")
        let android = note.range(of: "Android 50")
        #expect(ios != nil && android != nil && ios!.lowerBound < android!.lowerBound, "\(note)")
    }
}
