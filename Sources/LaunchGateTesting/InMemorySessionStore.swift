import Foundation
import LaunchGate

/// A ``SessionStore`` in memory, with a switch to make writes fail and a count of writes.
///
/// ```swift
/// let sessions = InMemorySessionStore()
/// sessions.failWrites()      // the next sign-in still works for this launch, and sets lastError
/// ```
public final class InMemorySessionStore: SessionStore, @unchecked Sendable {
    private let lock = NSLock()
    private var session: SignInSession?
    private var deviceID: DeviceID?
    private var failing = false
    private var writes = 0

    /// Creates a store.
    /// - Parameters:
    ///   - session: A session stored by an earlier launch.
    ///   - deviceID: A device ID made by an earlier launch.
    public init(session: SignInSession? = nil, deviceID: DeviceID? = nil) {
        self.session = session
        self.deviceID = deviceID
    }

    /// The stored session.
    public func loadSession() throws -> SignInSession? { lock.withLock { session } }

    /// Stores a session; throws while ``failWrites(_:)`` is on.
    public func saveSession(_ session: SignInSession) throws { try change { $0.session = session } }

    /// Removes the session; throws while ``failWrites(_:)`` is on.
    public func removeSession() throws { try change { $0.session = nil } }

    /// The stored device ID.
    public func loadDeviceID() throws -> DeviceID? { lock.withLock { deviceID } }

    /// Stores the device ID; throws while ``failWrites(_:)`` is on.
    public func saveDeviceID(_ deviceID: DeviceID) throws { try change { $0.deviceID = deviceID } }

    /// Makes later writes and removals throw, to test that failures are survived.
    /// - Parameter failing: Whether they fail.
    public func failWrites(_ failing: Bool = true) { lock.withLock { self.failing = failing } }

    /// How many writes and removals succeeded.
    public var writeCount: Int { lock.withLock { writes } }

    private func change(_ update: (InMemorySessionStore) -> Void) throws {
        try lock.withLock {
            if failing { throw SignInError.storageFailed("writes are failing in this test") }
            update(self)
            writes += 1
        }
    }
}
