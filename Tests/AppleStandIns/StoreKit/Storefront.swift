// Stand-in for StoreKit's `Storefront` (StoreKit 2), as Apple documents it: the App Store storefront
// of the account the device buys with, and the sequence of its changes. Available since iOS 15,
// macOS 12, tvOS 15, watchOS 8 and visionOS 1, as Apple declares it: below every minimum of the
// package, so the availability gate lets the adapters use it without an `#available` check, and
// would refuse it if the package's minimums ever fell below StoreKit's. On Linux the package
// builds the adapters against it, and tests move the storefront with the `standIn…` hooks.
import Foundation

/// The App Store storefront of the device's account.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Storefront: Identifiable, Hashable, Sendable {
    /// Apple's identifier of the storefront, such as `143441`.
    public let id: String
    /// The storefront's country or region, as its three-letter ISO 3166-1 alpha-3 code (`USA`).
    public let countryCode: String

    /// A storefront for a test (a stand-in's hook: StoreKit makes them).
    public init(standInID id: String, countryCode: String) {
        self.id = id
        self.countryCode = countryCode
    }

    /// The storefront of the current account; `nil` when it can't be determined. The stand-in's
    /// is what a test set with `standInChange(to:)`, `nil` unless it did.
    public static var current: Storefront? {
        get async { await Followers.shared.currentWhenReleased() }
    }

    /// Whether `current` waits, as StoreKit's may with no account or no network, until the next
    /// `standInChange(to:)` (a stand-in's hook; `standInReset()` clears it).
    public static var standInHoldsCurrent: Bool {
        get { Followers.shared.holdsCurrent }
        set { Followers.shared.holdsCurrent = newValue }
    }

    /// The storefront each time it changes while the app runs.
    public static var updates: Storefront.Storefronts { Storefronts() }

    /// An asynchronous sequence of the storefront's changes.
    public struct Storefronts: AsyncSequence, Sendable {
        public typealias Element = Storefront

        public struct AsyncIterator: AsyncIteratorProtocol {
            fileprivate let iteration: Iteration

            public mutating func next() async -> Storefront? { await Followers.shared.next(for: iteration.id) }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(iteration: Iteration()) }
    }

    /// Sets what `current` answers, and tells every running `updates` iteration, as StoreKit does
    /// when the user switches accounts (a stand-in's hook).
    public static func standInChange(to storefront: Storefront) {
        Followers.shared.change(to: storefront)
    }

    /// Forgets the storefront a test set, so `current` answers `nil` again (a stand-in's hook).
    public static func standInReset() {
        Followers.shared.reset()
    }

    /// How many `updates` iterations are running (a stand-in's record). Apple doesn't document
    /// that cancelling the task ends the real sequence, so the stand-in's doesn't: an iteration
    /// waits for the next change whatever happens to its task, and ends when its loop leaves.
    public static var standInFollowers: Int { Followers.shared.count }
}

/// One running iteration of `updates`, counted until its iterator is dropped.
private final class Iteration: Sendable {
    let id = UUID()
    init() { Followers.shared.begin(id) }
    deinit { Followers.shared.end(id) }
}

/// The stand-in's one storefront and the iterations of `updates` that follow it: each has the
/// changes it hasn't taken yet, or a continuation waiting for the next. A checked continuation
/// ignores cancellation, which is the worst StoreKit's undocumented behaviour could be.
private final class Followers: @unchecked Sendable {
    static let shared = Followers()
    private let lock = NSLock()
    private var storefront: Storefront?
    private var queued: [UUID: [Storefront]] = [:]
    private var waiting: [UUID: CheckedContinuation<Storefront?, Never>] = [:]

    private var held: [CheckedContinuation<Storefront?, Never>] = []
    private var holding = false

    var current: Storefront? { lock.withLock { storefront } }
    var holdsCurrent: Bool {
        get { lock.withLock { holding } }
        set { lock.withLock { holding = newValue } }
    }

    /// The storefront now, or, while `current` is held, the one the next change brings.
    func currentWhenReleased() async -> Storefront? {
        await withCheckedContinuation { continuation in
            let now: Storefront?? = lock.withLock {
                guard holding else { return .some(storefront) }
                held.append(continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
    var count: Int { lock.withLock { queued.count } }

    func begin(_ id: UUID) { lock.withLock { queued[id] = [] } }

    func end(_ id: UUID) {
        let waiter = lock.withLock {
            queued.removeValue(forKey: id)
            return waiting.removeValue(forKey: id)
        }
        waiter?.resume(returning: nil)
    }

    func next(for id: UUID) async -> Storefront? {
        await withCheckedContinuation { continuation in
            let ready: Storefront?? = lock.withLock {
                guard var changes = queued[id] else { return .some(nil) }
                guard changes.isEmpty else {
                    let first = changes.removeFirst()
                    queued[id] = changes
                    return .some(first)
                }
                waiting[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func reset() {
        lock.withLock {
            storefront = nil
            holding = false
        }
    }

    func change(to storefront: Storefront) {
        let waiters = lock.withLock {
            self.storefront = storefront
            holding = false
            var waiters: [CheckedContinuation<Storefront?, Never>] = held
            held = []
            for id in queued.keys {
                if let waiter = waiting.removeValue(forKey: id) { waiters.append(waiter) } else { queued[id]?.append(storefront) }
            }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: storefront) }
    }
}
