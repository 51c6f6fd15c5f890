import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sign-in settings are cached a few seconds, and a save is never undone by a read that began before it")
struct SignInSettingsCacheTests {
    let now = Samples.now

    @Test("settings are served for the lifetime, then read again")
    func lifetime() {
        let cache = SignInSettingsCache(lifetime: 5)
        cache.store(SignInSettings(appID: "notes", codeLength: 8), at: now, readAfter: cache.generation)
        #expect(cache.settings(app: "notes", at: now.addingTimeInterval(4.9))?.codeLength == 8)
        #expect(cache.settings(app: "notes", at: now.addingTimeInterval(5)) == nil)
        #expect(cache.settings(app: "todo", at: now) == nil)
    }

    @Test("settings read before a save are not kept after it")
    func staleReadAfterSave() {
        let cache = SignInSettingsCache(lifetime: 5)
        let before = cache.generation
        cache.forget(app: "notes")  // the save happens while the old settings are being read
        cache.store(SignInSettings(appID: "notes", codeLength: 6), at: now, readAfter: before)
        #expect(cache.settings(app: "notes", at: now) == nil)
        cache.store(SignInSettings(appID: "notes", codeLength: 8), at: now, readAfter: cache.generation)
        #expect(cache.settings(app: "notes", at: now)?.codeLength == 8)
    }

    @Test("the table is cleared rather than grown past its capacity")
    func bounded() {
        let cache = SignInSettingsCache(lifetime: 5, capacity: 4)
        for index in 0..<10 { cache.store(SignInSettings(appID: "app\(index)"), at: now, readAfter: cache.generation) }
        #expect((0..<10).filter { cache.settings(app: "app\($0)", at: now) != nil }.count <= 4)
        #expect(cache.settings(app: "app9", at: now) != nil, "the newest is kept")
    }
}
