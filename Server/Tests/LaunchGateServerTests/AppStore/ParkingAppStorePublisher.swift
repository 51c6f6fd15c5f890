import Foundation
import LaunchGate
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// A publisher that parks the first read of `current` until the test opens it (a poll that read
/// its link and then stalls), and runs `afterPublish` once a publish has gone through (the
/// unlink's withdrawal), so a test can let the parked poll go between two steps of an unlink.
actor ParkingAppStorePublisher: AppStorePublisher {
    private let inner: any AppStorePublisher
    private var parked: CheckedContinuation<Void, Never>?
    private var arrival: CheckedContinuation<Void, Never>?
    private var hasParked = false
    private var afterPublish: (@Sendable () async -> Void)?

    /// - Parameter parks: Whether the first read of `current` parks.
    init(_ inner: any AppStorePublisher, parks: Bool = true) {
        self.inner = inner
        hasParked = !parks
    }

    /// Returns once a read of `current` is parked.
    func untilParked() async {
        guard !hasParked else { return }
        await withCheckedContinuation { arrival = $0 }
    }

    /// Lets the parked read go on.
    func open() {
        parked?.resume()
        parked = nil
    }

    /// Runs `action` after the next publish that goes through.
    func afterNextPublish(_ action: @escaping @Sendable () async -> Void) { afterPublish = action }

    func current(app: String) async throws -> (revision: Int, policy: UpdatePolicy)? {
        if !hasParked {
            await withCheckedContinuation { continuation in
                hasParked = true
                parked = continuation
                arrival?.resume()
                arrival = nil
            }
        }
        return try await inner.current(app: app)
    }

    nonisolated func unchanged(app: String, revision: Int) -> PublishCondition { inner.unchanged(app: app, revision: revision) }

    func publish(_ policy: UpdatePolicy, app: String, expectedRevision: Int, condition: PublishCondition?,
                 event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)?) async throws {
        try await inner.publish(policy, app: app, expectedRevision: expectedRevision, condition: condition, event: event)
        let action = afterPublish
        afterPublish = nil
        await action?()
    }
}

/// A publisher whose first read of `current` is the one given, older than what is published (a
/// poll published right after the caller read), and every later read the real one, or, with
/// `thenStops`, an error: the caller stops there, as a crash would stop it.
actor StaleReadAppStorePublisher: AppStorePublisher {
    struct Stopped: Error {}

    private let inner: any AppStorePublisher
    private var stale: (revision: Int, policy: UpdatePolicy)?
    private let stops: Bool

    init(_ inner: any AppStorePublisher, first stale: (revision: Int, policy: UpdatePolicy), thenStops stops: Bool = false) {
        self.inner = inner
        self.stale = stale
        self.stops = stops
    }

    func current(app: String) async throws -> (revision: Int, policy: UpdatePolicy)? {
        if let stale {
            self.stale = nil
            return stale
        }
        if stops { throw Stopped() }
        return try await inner.current(app: app)
    }

    nonisolated func unchanged(app: String, revision: Int) -> PublishCondition { inner.unchanged(app: app, revision: revision) }

    func publish(_ policy: UpdatePolicy, app: String, expectedRevision: Int, condition: PublishCondition?,
                 event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)?) async throws {
        try await inner.publish(policy, app: app, expectedRevision: expectedRevision, condition: condition, event: event)
    }
}
