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
    /// is what a test set (`standInCurrent`), `nil` unless it did.
    public static var current: Storefront? {
        get async { Followers.shared.current }
    }

    /// The storefront each time it changes while the app runs.
    public static var updates: Storefront.Storefronts { Storefronts() }

    /// An asynchronous sequence of the storefront's changes.
    public struct Storefronts: AsyncSequence, Sendable {
        public typealias Element = Storefront

        public struct AsyncIterator: AsyncIteratorProtocol {
            fileprivate var changes: AsyncStream<Storefront>.Iterator

            public mutating func next() async -> Storefront? { await changes.next() }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(changes: Followers.shared.follow().makeAsyncIterator())
        }
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

    /// How many `updates` iterations are running: one ends when its task is cancelled (a
    /// stand-in's record).
    public static var standInFollowers: Int { Followers.shared.count }
}

/// The stand-in's one storefront and the iterations of `updates` that follow it.
private final class Followers: @unchecked Sendable {
    static let shared = Followers()
    private let lock = NSLock()
    private var storefront: Storefront?
    private var continuations: [UUID: AsyncStream<Storefront>.Continuation] = [:]

    var current: Storefront? { lock.withLock { storefront } }
    var count: Int { lock.withLock { continuations.count } }

    func follow() -> AsyncStream<Storefront> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Storefront>.makeStream()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = lock.withLock { continuations.removeValue(forKey: id) }
        }
        lock.withLock { continuations[id] = continuation }
        return stream
    }

    func reset() {
        lock.withLock { storefront = nil }
    }

    func change(to storefront: Storefront) {
        let followers = lock.withLock {
            self.storefront = storefront
            return Array(continuations.values)
        }
        for follower in followers { follower.yield(storefront) }
    }
}
