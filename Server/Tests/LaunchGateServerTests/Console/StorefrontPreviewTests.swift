import Foundation
import LaunchGate
import Testing
@testable import LaunchGateConsole

@Suite("The console previews a linked draft's optional screens as a storefront that serves its versions sees them")
struct StorefrontPreviewTests {
    @Test("with a storefront still behind, the banner, dialog and recommended screen still preview the latest release and its notes")
    func preview() throws {
        var policy = Samples.policy()
        policy.platforms[.ios]?.storefronts = ["us": "2.4.1", "fr": "2.2.0"]
        let screens = try #require(ScreenPreviews.groups(for: policy, now: Samples.now).groups.first { $0.platformID == "ios" }).screens
        for id in ["banner", "dialog", "recommended"] {
            let screen = try #require(screens.first { $0.id == id })
            #expect(screen.absent == nil, "\(id): \(screen)")
        }
        #expect(screens.first { $0.id == "dialog" }?.releaseNotes == "Faster sync.")
    }
}
