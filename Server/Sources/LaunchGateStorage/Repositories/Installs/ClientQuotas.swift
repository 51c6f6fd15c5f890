import Synchronization

/// What one client may add to storage per UTC day: new installs and new (version, build, OS)
/// groups, the two things a flood of made-up headers adds. Storage asks it while folding (where
/// it knows whether an install or a group is new), so a client's sightings of installs and
/// groups already kept are never refused, and one client can't fill an app's cap.
///
/// Each client's network (``ClientNetwork``: IPv4 /24, IPv6 /48) has quotas too, ``networkShare``
/// clients' worth, so the hundreds of addresses one attacker holds in a /24 or a /48 add what a
/// few clients add, not hundreds of quotas (a hostile re-test filled an app's 20,000 groups from
/// 420 addresses of one /24 in 27 s). A sighting spends its client's and its network's quotas, or
/// neither.
///
/// Two fixed tables of counters however many clients arrive (12 bytes a slot, 768 KiB each by
/// default): a client's key (its network's, in the other table) picks one slot, mixed with a
/// per-process seed so nobody can aim at a slot, and a slot counts its clients' new installs and
/// groups of one day. Two clients that share a slot share its quota, which can only make it
/// stricter. Kept per process: each instance counts its own clients.
public final class ClientQuotas: Sendable {
    /// Slots in the table by default.
    public static let defaultSlots = 1 << 16

    /// New groups one client may start per UTC day; 0 for no limit.
    public let newGroupsPerDay: Int
    /// New installs one client may add per UTC day; 0 for no limit.
    public let newInstallsPerDay: Int

    private struct Slot {
        var day: Int32 = .min
        var groups: UInt32 = 0
        var installs: UInt32 = 0
    }

    /// How many clients' quotas a network gets.
    public let networkShare: Int

    /// The clients' slots, then the networks' slots.
    private let slots: Mutex<[Slot]>
    private let count: Int
    private let seed: UInt64

    /// Creates the table.
    /// - Parameters:
    ///   - newGroupsPerDay: New groups per client per UTC day; 0 for no limit.
    ///   - newInstallsPerDay: New installs per client per UTC day; 0 for no limit.
    ///   - networkShare: How many clients' quotas one network (IPv4 /24, IPv6 /48) gets, at least 1.
    ///   - slots: Each table's size.
    ///   - seed: Mixed into every key; random by default so slots can't be aimed at.
    public init(newGroupsPerDay: Int, newInstallsPerDay: Int, networkShare: Int = 4, slots: Int = ClientQuotas.defaultSlots,
                seed: UInt64 = .random(in: .min ... .max)) {
        self.newGroupsPerDay = max(newGroupsPerDay, 0)
        self.newInstallsPerDay = max(newInstallsPerDay, 0)
        self.networkShare = max(networkShare, 1)
        count = max(slots, 1)
        self.slots = Mutex([Slot](repeating: Slot(), count: 2 * max(slots, 1)))
        self.seed = seed
    }

    /// Whether new groups are limited, so storage must look up whether a batch's groups are kept.
    var limitsGroups: Bool { newGroupsPerDay > 0 }

    /// Spends `groups` new groups and `installs` new installs of `source`'s quotas on `day`, its
    /// client's and its network's: all, or none when any would pass its quota.
    /// - Returns: Whether they were within the quotas.
    func admit(_ source: SightingSource, day: Int, groups: Int, installs: Int) -> Bool {
        guard groups > 0 || installs > 0 else { return true }
        let day = Int32(clamping: day)
        let tables = indexes(source)
        return slots.withLock { slots in
            var spent: [(Int, Slot)] = []
            for (index, share) in tables {
                var slot = slots[index]
                if slot.day != day { slot = Slot(day: day) }
                if newGroupsPerDay > 0, UInt64(slot.groups) + UInt64(groups) > UInt64(newGroupsPerDay) * share { return false }
                if newInstallsPerDay > 0, UInt64(slot.installs) + UInt64(installs) > UInt64(newInstallsPerDay) * share { return false }
                slot.groups = slot.groups &+ UInt32(groups)
                slot.installs = slot.installs &+ UInt32(installs)
                spent.append((index, slot))
            }
            for (index, slot) in spent { slots[index] = slot }
            return true
        }
    }

    /// The slots `source` spends, with the clients' quotas each holds: its client's, and its
    /// network's when it names one (in the second table).
    private func indexes(_ source: SightingSource) -> [(index: Int, share: UInt64)] {
        let client = (Int((source.key ^ seed).mixed % UInt64(count)), UInt64(source.share))
        guard source.network != 0 else { return [client] }
        // Another seed for the networks' table, so a network's key and a client's never meet.
        let network = count + Int((source.network ^ seed ^ 0x6E65_7477_6F72_6B73).mixed % UInt64(count))
        return [client, (network, UInt64(networkShare) * UInt64(source.share))]
    }

    /// What one fold spent of a client's quotas on a day, to give back when its write fails.
    package struct Spend: Sendable {
        package var source: SightingSource
        package var day: Int
        package var groups: Int
        package var installs: Int
    }

    /// What a recording spent, kept outside its transaction so a failed commit can give it back.
    package final class Spent: Sendable {
        private let spends = Mutex<[Spend]>([])
        /// Nothing spent yet.
        package init() {}
        /// Records what the recording spent, replacing what an earlier try of it recorded.
        package func set(_ list: [Spend]) { spends.withLock { $0 = list } }
        /// What the recording spent, for ``ClientQuotas/refund(_:)``.
        package var list: [Spend] { spends.withLock { $0 } }
    }

    /// Gives back what a recording spent when its transaction failed, so a database that is down
    /// doesn't use up the quotas of the clients whose sightings are retried at the next fold.
    package func refund(_ spends: [Spend]) {
        guard !spends.isEmpty else { return }
        slots.withLock { slots in
            for spend in spends {
                for (index, _) in indexes(spend.source) where slots[index].day == Int32(clamping: spend.day) {
                    slots[index].groups -= min(slots[index].groups, UInt32(clamping: spend.groups))
                    slots[index].installs -= min(slots[index].installs, UInt32(clamping: spend.installs))
                }
            }
        }
    }
}
