import LaunchGate

/// Which versions the cap refused on one app, platform and day, as a Bloom filter of fixed size:
/// never a false "no", sometimes a false "yes". The range of refused versions alone made the
/// guard ask about every change to the blocked list once a flood of made-up versions had been
/// refused (its range then spans them all); with the filter, blocking a version asks only when
/// that version may have been refused.
///
/// 32 KiB and 3 hashes: a day with 10,000 distinct versions refused answers a false "yes" for
/// about 1 version in 500, with 50,000 for about 1 in 12, and more fill it towards "yes" for
/// everything, which only makes the guard ask more, never less. The hashes are FNV-1a, the same
/// in every process, since the filter is stored.
public struct RefusedVersionFilter: Sendable, Hashable {
    /// The filter's size in bytes, as stored.
    public static let byteCount = 32 << 10
    private static let hashes = 3

    /// The bits, `byteCount` bytes.
    package private(set) var bytes: [UInt8]

    /// An empty filter.
    package init() { bytes = [UInt8](repeating: 0, count: Self.byteCount) }

    /// A stored filter, or `nil` when its size is not the filter's (then its versions are unknown).
    package init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// Adds a version.
    package mutating func insert(_ version: AppVersion) {
        for bit in Self.bits(version) { bytes[bit >> 3] |= 1 << UInt8(bit & 7) }
    }

    /// Whether `version` may have been added: `false` only when it certainly was not.
    public func mayContain(_ version: AppVersion) -> Bool {
        Self.bits(version).allSatisfy { bytes[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 }
    }

    /// Both filters' versions.
    package func union(_ other: RefusedVersionFilter) -> RefusedVersionFilter {
        var union = self
        for index in union.bytes.indices { union.bytes[index] |= other.bytes[index] }
        return union
    }

    /// The bits a version sets: from its text as versions compare equal (`1.2` is `1.2.0`; build
    /// metadata and the build don't count), hashed twice (Kirsch and Mitzenmacher's double hashing).
    private static func bits(_ version: AppVersion) -> [Int] {
        var components = version.components
        while components.count > 1, components.last == 0 { components.removeLast() }
        var key = components.map(String.init).joined(separator: ".")
        if version.isPrerelease { key += "-" + version.prerelease.map(\.description).joined(separator: ".") }
        var (first, second): (UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x84222325CBF29CE4)
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        let size = UInt64(byteCount * 8)
        return (0..<hashes).map { Int((first &+ UInt64($0) &* (second | 1)) % size) }
    }
}
