import Crypto
import Foundation
import LaunchGate

/// Which versions the cap refused on one app, platform and day, as a Bloom filter of fixed size:
/// never a false "no", sometimes a false "yes". The range of refused versions alone made the
/// guard ask about every change to the blocked list once a flood of made-up versions had been
/// refused (its range then spans them all); with the filter, blocking a version asks only when
/// that version may have been refused.
///
/// 32 KiB and 3 hashes: a day with 10,000 distinct versions refused answers a false "yes" for
/// about 1 version in 500, with 50,000 for about 1 in 12, and more fill it towards "yes" for
/// everything, which only makes the guard ask more, never less.
///
/// The hashes are keyed (HMAC-SHA256 under ``Key``, derived from the master key): with the public
/// FNV seed they once had, anyone could compute offline which versions set the bits of a chosen
/// version, and by sending those make the guard ask about blocking it (issue 27, N6). A stored
/// filter names its key by a tag, so one under another key (stored before keys, under migration
/// 036's random one, or under another master key) is read as unknown, never as "no"
/// (``init(stored:key:)``).
public struct RefusedVersionFilter: Sendable, Hashable {
    /// The bits' size in bytes.
    public static let byteCount = 32 << 10
    /// The key's tag before the bits, as stored.
    static let tagCount = 8
    private static let hashes = 3

    /// The key a filter's hashes are keyed with: derived from the master key under ``label``
    /// (``derived(masterKey:)``), so every instance with the master key builds filters that add up, and
    /// nothing a copied database holds tells which versions set which bits.
    public struct Key: Sendable, Hashable {
        /// The HKDF label of the key derived from the master key; changing it makes every stored
        /// filter read as unknown.
        public static let label = "launchgate refused-version filter v1"

        /// 32 bytes.
        package let bytes: [UInt8]

        /// A key of `bytes`; 32 random ones make a good key.
        package init(bytes: [UInt8]) { self.bytes = bytes }

        /// The key derived from the master key under ``label``, as the provider the repositories
        /// call: derived on its first call and kept (``DerivedKey``). The label is applied here, so
        /// no other purpose's derived key can stand in for this one.
        /// - Parameter masterKey: Loads the master key; its error is the provider's (``MasterKeyError``).
        public static func derived(masterKey: @escaping @Sendable () throws -> MasterKey) -> @Sendable () throws -> Key {
            let derived = DerivedKey(label: label, masterKey: masterKey)
            return { Key(bytes: try derived.symmetricKey().withUnsafeBytes { Array($0) }) }
        }

        /// A new random key: for a store that lives no longer than its process (the memory one).
        public static func random() -> Key {
            Key(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        }

        /// What a stored filter names its key by: not the key, from which nothing about it follows.
        var tag: [UInt8] {
            Array(HMAC<SHA256>.authenticationCode(for: Data("launchgate refused-version filter tag".utf8), using: SymmetricKey(data: bytes))
                .prefix(RefusedVersionFilter.tagCount))
        }
    }

    /// The key its hashes are keyed with.
    package let key: Key
    /// The bits, `byteCount` bytes.
    package private(set) var bytes: [UInt8]

    /// An empty filter under `key`.
    package init(key: Key) {
        self.key = key
        bytes = [UInt8](repeating: 0, count: Self.byteCount)
    }

    /// A stored filter (``stored``), or `nil` when its versions can't be known from it: its size is
    /// not a filter's, or its tag is not `key`'s (a filter stored before filters were keyed, or
    /// under another key). A filter read with the wrong key would answer a false "no".
    package init?(stored: [UInt8], key: Key) {
        guard stored.count == Self.tagCount + Self.byteCount, stored.prefix(Self.tagCount).elementsEqual(key.tag) else { return nil }
        self.key = key
        bytes = Array(stored.dropFirst(Self.tagCount))
    }

    /// What storage keeps: the key's tag, then the bits.
    package var stored: [UInt8] { key.tag + bytes }

    /// Adds a version.
    package mutating func insert(_ version: AppVersion) {
        for bit in bits(version) { bytes[bit >> 3] |= 1 << UInt8(bit & 7) }
    }

    /// Whether `version` may have been added: `false` only when it certainly was not.
    public func mayContain(_ version: AppVersion) -> Bool {
        bits(version).allSatisfy { bytes[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 }
    }

    /// Both filters' versions, or `nil` when their keys differ (their bits mean different versions).
    package func union(_ other: RefusedVersionFilter) -> RefusedVersionFilter? {
        guard key == other.key else { return nil }
        var union = self
        for index in union.bytes.indices { union.bytes[index] |= other.bytes[index] }
        return union
    }

    /// The bits a version sets: from its text as versions compare equal (`1.2` is `1.2.0`; build
    /// metadata and the build don't count), keyed, then double hashing (Kirsch and Mitzenmacher)
    /// from two words of the MAC.
    func bits(_ version: AppVersion) -> [Int] {
        var components = version.components
        while components.count > 1, components.last == 0 { components.removeLast() }
        var text = components.map(String.init).joined(separator: ".")
        if version.isPrerelease { text += "-" + version.prerelease.map(\.description).joined(separator: ".") }
        let mac = Array(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: key.bytes)))
        let word = { (offset: Int) in mac[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let (first, second) = (word(0), word(8))
        let size = UInt64(Self.byteCount * 8)
        return (0..<Self.hashes).map { Int((first &+ UInt64($0) &* (second | 1)) % size) }
    }
}
