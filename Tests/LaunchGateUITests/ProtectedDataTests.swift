import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

/// A keychain before the device's first unlock after a restart: every read fails until `unlock()`.
private final class LockedSessionStore: SessionStore, @unchecked Sendable {
    private let lock = NSLock()
    private var locked = true
    private let stored: SignInSession

    init(stored: SignInSession) { self.stored = stored }

    func unlock() { lock.withLock { locked = false } }
    func loadSession() throws -> SignInSession? {
        try lock.withLock {
            if locked { throw SignInError.storageFailed("the keychain is locked") }
            return stored
        }
    }
    func saveSession(_ session: SignInSession) throws {}
    func removeSession() throws {}
    func loadDeviceID() throws -> DeviceID? { stored.deviceID }
    func saveDeviceID(_ deviceID: DeviceID) throws {}
}

extension AdapterTests {
    @MainActor
    @Suite("A session the locked keychain kept at launch, read again once the device is unlocked")
    struct ProtectedDataTests {
        private static let session = SignInSession(
            token: SessionToken("lgs_stored")!, expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
            user: SignInUser(id: "usr_1", email: try! EmailAddress("ada@example.com"),
                             createdAt: Date(timeIntervalSince1970: 1_700_000_000), lastSignInAt: Date(timeIntervalSince1970: 1_700_000_000)),
            isNewUser: false, deviceID: DeviceID("device-1")!)

        @Test("an app launched in the background before the first unlock signs its user in when protected data becomes available, with no trip to the foreground")
        func protectedDataRetries() async {
            let device = UIHarness()
            let sessions = LockedSessionStore(stored: Self.session)
            let signIn = SignInFlow(client: AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes"),
                                                       transport: device.transport),
                                    sessions: sessions, store: device.store)
            let flow = LaunchFlow(updates: nil, signIn: signIn)
            _ = device.launch(flow)
            guard case .signingIn = flow.state else {
                Issue.record("a locked keychain shows sign-in for now, got \(flow.state)")
                return
            }
            sessions.unlock()
            NotificationCenter.default.post(name: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil)
            await device.settle { flow.state == .plainApp }
            #expect(flow.state == .plainApp, "the stored session is adopted: the user isn't asked to sign in")
        }

        @Test("a scene whose first phase is the background re-checks on its first return to active")
        func firstPhaseBackground() {
            // LaunchGateView hands the first phase over too (onChange(of:initial: true)).
            var tracker = ForegroundReturn()
            #expect(tracker.enter(.background) == false)
            #expect(tracker.enter(.active) == true)
        }
    }
}
