import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateStorage
import Metrics
import Synchronization

/// The only thing a request does to record an install: append the app's name, the request's
/// second, its client's key and the raw `LaunchGate-Client` value to one bounded byte arena,
/// under a lock held for a copy. The second is the sighting's time, so a request just before
/// midnight UTC counts on its own day however late the fold comes.
///
/// Nothing is parsed, hashed or allocated per request (the arena is allocated once per drain).
/// When the arena is full, or the client has filled its part of it (``clientBytes`` per drain,
/// times its ``SightingSource/share``), or its network (IPv4 /24, IPv6 /48) has filled
/// ``networkShare`` times that, the sighting is dropped and counted in
/// `launchgate_install_sightings_dropped_total`: recording never slows or fails a request, and
/// neither one client nor the many addresses of one network can fill the arena to drop everyone
/// else's sightings. The shares are counted in two fixed tables of 4,096 slots, by client key and
/// by network key, emptied at each drain; clients (networks) that share a slot share its share.
/// ``InstallRecorder`` drains it every few seconds, or as soon as it is half full.
package final class SightingBuffer: Sendable {
    /// Entries are `[app length: 1 byte][app][second: 4 bytes][client key: 8 bytes][network key: 8 bytes]
    /// [client share: 1 byte][value length: 2 bytes][value]`; a share of 0 means no client (tests and tools).
    private struct State {
        var bytes: [UInt8]
        var entries = 0
        /// Bytes appended per client slot since the last drain, then per network slot.
        var used: [UInt32]
    }

    /// Slots counting clients' bytes, 4 bytes each.
    static let clientSlots = 4096

    /// The arena's size in bytes; at most two arenas exist at once (one filling, one folding).
    package let capacity: Int
    /// The bytes one client (of share 1) may append between two drains.
    package let clientBytes: Int
    /// How many clients' parts one network gets.
    package let networkShare: Int
    private let state: Mutex<State>
    private let droppedCount = Atomic<Int>(0)
    private let halfFull = Atomic<Bool>(false)
    private let dropped: Counter
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - capacity: The arena's size in bytes (at least 4 KiB).
    ///   - clientPercent: The part of it one client may fill between two drains, 1 to 100.
    ///   - networkShare: How many clients' parts one network (IPv4 /24, IPv6 /48) may fill, at least 1.
    ///   - now: The clock for appends that don't bring their second.
    ///   - dropped: Counts sightings dropped because the arena was full.
    package init(capacity: Int, clientPercent: Int = AdoptionConfiguration.defaultBufferPercentPerClient,
                 networkShare: Int = AdoptionConfiguration.defaultNetworkShare, now: @escaping @Sendable () -> Date = Date.init,
                 dropped: Counter = Counter(label: "launchgate_install_sightings_dropped_total")) {
        self.capacity = max(capacity, 4096)
        clientBytes = self.capacity / 100 * min(max(clientPercent, 1), 100)
        self.networkShare = max(networkShare, 1)
        self.now = now
        self.dropped = dropped
        state = Mutex(State(bytes: Self.arena(self.capacity), used: Self.emptyUse()))
    }

    /// Sightings dropped so far because the arena was full.
    var droppedTotal: Int { droppedCount.load(ordering: .relaxed) }

    /// Whether the arena has passed half its size since the last drain.
    var isHalfFull: Bool { halfFull.load(ordering: .relaxed) }

    /// Appends one sighting. Values longer than ``ClientHeader/maximumLength`` are not parsed by
    /// anyone, so they are not kept either.
    /// - Parameters:
    ///   - second: When the request came, in seconds since 1970.
    ///   - source: Who sent it, for its share of the arena and its quotas; `nil` for none.
    /// - Returns: `false` when it was dropped.
    @discardableResult
    package func append(app: String, header: UnsafeRawBufferPointer, second: Int64, source: SightingSource? = nil) -> Bool {
        var app = app
        let time = UInt32(clamping: second)
        let (key, network, share) = (source?.key ?? 0, source?.network ?? 0, UInt8(clamping: source?.share ?? 0))
        // The keys are seeded hashes already (SightingIntake), so their low bits pick a slot.
        let slot = Int(key % UInt64(Self.clientSlots))
        let networkSlot = network == 0 ? nil : Self.clientSlots + Int(network % UInt64(Self.clientSlots))
        let part = share == 0 ? capacity : min(clientBytes * Int(share), capacity)
        let networkPart = min(part * networkShare, capacity)
        return app.withUTF8 { name in
            guard name.count <= 255, header.count <= ClientHeader.maximumLength else { return false }
            let size = 24 + name.count + header.count
            let (kept, passedHalf) = state.withLock { state -> (Bool, Bool) in
                guard state.bytes.count + size <= capacity, Int(state.used[slot]) + size <= part,
                      networkSlot.map({ Int(state.used[$0]) + size <= networkPart }) ?? true else { return (false, false) }
                // A few appends, not one per byte: each append checks the array's uniqueness and
                // capacity, and this runs on every recorded request.
                state.bytes.append(UInt8(name.count))
                state.bytes.append(contentsOf: name)
                // Bytes only, so the tuple has no padding.
                var fields = (UInt8(time >> 24), UInt8(time >> 16 & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time & 0xFF),
                              UInt8(key >> 56), UInt8(key >> 48 & 0xFF), UInt8(key >> 40 & 0xFF), UInt8(key >> 32 & 0xFF),
                              UInt8(key >> 24 & 0xFF), UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF),
                              UInt8(network >> 56), UInt8(network >> 48 & 0xFF), UInt8(network >> 40 & 0xFF), UInt8(network >> 32 & 0xFF),
                              UInt8(network >> 24 & 0xFF), UInt8(network >> 16 & 0xFF), UInt8(network >> 8 & 0xFF), UInt8(network & 0xFF),
                              share, UInt8(header.count >> 8), UInt8(header.count & 0xFF))
                withUnsafeBytes(of: &fields) { state.bytes.append(contentsOf: $0) }
                state.bytes.append(contentsOf: header)
                state.entries += 1
                if share != 0 { state.used[slot] += UInt32(size) }
                if share != 0, let networkSlot { state.used[networkSlot] += UInt32(size) }
                return (true, state.bytes.count * 2 >= capacity)
            }
            if !kept {
                droppedCount.add(1, ordering: .relaxed)
                dropped.increment()
            } else if passedHalf {
                halfFull.store(true, ordering: .relaxed)
            }
            return kept
        }
    }

    /// Appends one sighting from a header value the router read.
    @discardableResult
    package func append(app: String, header: String, second: Int64? = nil, source: SightingSource? = nil) -> Bool {
        var header = header
        let second = second ?? SightingIntake.second(now())
        return header.withUTF8 { append(app: app, header: UnsafeRawBufferPointer($0), second: second, source: source) }
    }

    /// Takes everything appended so far, leaving an empty arena.
    package func drain() -> SightingArena {
        let (fresh, unused) = (Self.arena(capacity), Self.emptyUse())
        let taken = state.withLock { state -> State in
            let taken = state
            state = State(bytes: fresh, used: unused)
            return taken
        }
        halfFull.store(false, ordering: .relaxed)
        return SightingArena(bytes: taken.bytes, count: taken.entries)
    }

    private static func emptyUse() -> [UInt32] { [UInt32](repeating: 0, count: 2 * clientSlots) }

    private static func arena(_ capacity: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        // Reserved, not touched: pages are only used as sightings fill them.
        bytes.reserveCapacity(capacity)
        return bytes
    }
}
