import Foundation
import LaunchGate
import Testing
@testable import LaunchGateConsole

@Suite("The console previews the notice before an OS is dropped")
struct OSSupportPreviewTests {
    @Test("a draft with the notice previews its banner, as on its last day even once that day has passed; without it, says how to get one")
    func preview() throws {
        var policy = Samples.policy()
        policy.platforms[.ios]?.osSupportEnds = OSSupportEnd(below: "18.0", after: Date(timeIntervalSince1970: 1_796_083_200))
        let screens = try #require(ScreenPreviews.groups(for: policy, now: Samples.now).groups.first { $0.platformID == "ios" }).screens
        let notice = try #require(screens.first { $0.id == "os-support-ending" })
        #expect(notice.absent == nil, "\(notice)")
        #expect(notice.message == "iOS versions below 18.0 will no longer be supported after December 1, 2026.", "\(notice.message)")
        #expect(screens.first { $0.id == "banner" }?.absent == nil, "the update banner's preview stays")
        let none = try #require(ScreenPreviews.groups(for: Samples.policy(), now: Samples.now).groups.first).screens
        #expect(none.first { $0.id == "os-support-ending" }?.absent != nil)
    }
}
