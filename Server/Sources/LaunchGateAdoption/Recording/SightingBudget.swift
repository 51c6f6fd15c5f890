import LaunchGateStorage
import Metrics
import Synchronization

/// The one per-client budget of recording: how many sightings one client may add to the
/// ``SightingBuffer`` per window, from policy reads, `/check` and install pings together, so one
/// address can't decide what adoption and the publish guard see by reading policies under
/// made-up install IDs. Past its budget a sighting is dropped (a read is still answered, a ping
/// gets 429) and counted in `launchgate_install_sightings_capped_total{reason="client"}`.
///
/// A fixed table of counters, however many addresses arrive: a client's key picks one slot (mixed
/// with a per-process seed, so nobody can aim at a slot), and a slot counts its clients' sightings
/// in the current fixed window. Two clients that share a slot share its budget, which can only
/// make the budget stricter, never looser. Striped locks, each held for one array access.
package final class SightingBudget: Sendable {
    /// Slots in the table (8 bytes each).
    static let defaultSlots = 1 << 16
    private static let stripes = 16

    /// Sightings per client per window; 0 means no limit.
    let perClient: Int
    /// The window, in whole seconds.
    let windowSeconds: Int64
    /// A lock can't be an array's element; each stripe is a class holding one.
    private final class Stripe: Sendable {
        let slots: Mutex<[UInt64]>
        init(count: Int) { slots = Mutex([UInt64](repeating: 0, count: count)) }
    }

    private let tables: [Stripe]
    private let slotsPerStripe: Int
    private let seed: UInt64
    private let capped: Counter

    /// - Parameters:
    ///   - perClient: Sightings one client may add per window; 0 for no limit.
    ///   - windowSeconds: The window's length in seconds (at least 1).
    ///   - slots: The table's size, rounded up to a multiple of 16.
    ///   - seed: Mixed into every key; random by default so slots can't be aimed at.
    package init(perClient: Int, windowSeconds: Int64, slots: Int = SightingBudget.defaultSlots, seed: UInt64 = .random(in: .min ... .max),
         capped: Counter = Counter(label: "launchgate_install_sightings_capped_total", dimensions: [("reason", "client")])) {
        self.perClient = max(perClient, 0)
        self.windowSeconds = max(windowSeconds, 1)
        let perStripe = max((slots + Self.stripes - 1) / Self.stripes, 1)
        slotsPerStripe = perStripe
        tables = (0..<Self.stripes).map { _ in Stripe(count: perStripe) }
        self.seed = seed
        self.capped = capped
    }

    /// Counts one sighting of `client` at `second` (seconds since 1970).
    /// - Returns: Whether it is within the client's budget; if not, it was counted as capped.
    package func admit(client: Int, second: Int64) -> Bool {
        guard perClient > 0 else { return true }
        let mixed = (UInt64(bitPattern: Int64(client)) ^ seed).mixed
        let stripe = Int(mixed % UInt64(Self.stripes))
        let slot = Int((mixed / UInt64(Self.stripes)) % UInt64(slotsPerStripe))
        // Each slot holds the window's number in its high 32 bits and the count in the low 32.
        let window = UInt64(truncatingIfNeeded: max(second, 0) / windowSeconds) & 0xFFFF_FFFF
        let limit = UInt64(perClient)
        let admitted = tables[stripe].slots.withLock { table -> Bool in
            let value = table[slot]
            guard value >> 32 == window else {
                table[slot] = window << 32 | 1
                return true
            }
            guard value & 0xFFFF_FFFF < limit else { return false }
            table[slot] = value + 1
            return true
        }
        if !admitted { capped.increment() }
        return admitted
    }

    /// Seconds from `second` until the window after it begins, when every client's budget is whole again.
    package func retryAfter(second: Int64) -> Int { Int(windowSeconds - max(second, 0) % windowSeconds) }
}
