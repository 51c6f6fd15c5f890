import LaunchGateStorage

/// What ``SightingBuffer/drain()`` hands over: the raw entries, read one at a time, so a fold
/// never holds more than the arena itself and one batch of sightings.
package struct SightingArena: Sendable {
    /// `[app length: 1][app][second: 4][client key: 8][network key: 8][client share: 1][value length: 2][value]`, repeated.
    package let bytes: [UInt8]
    /// How many entries `bytes` holds.
    package let count: Int

    /// One entry's place in `bytes`.
    package struct Entry {
        package let app: Range<Int>
        /// When the request came, in seconds since 1970.
        package let second: Int64
        /// Who sent it, or `nil` when nobody was named (tests and tools).
        package let source: SightingSource?
        package let header: Range<Int>
        /// Where the next entry starts.
        package let next: Int
    }

    /// The entry starting at `offset`, or `nil` past the last one.
    package func entry(at offset: Int) -> Entry? {
        guard offset < bytes.count else { return nil }
        let app = (offset + 1)..<(offset + 1 + Int(bytes[offset]))
        let at = app.upperBound
        let second = Int64(bytes[at]) << 24 | Int64(bytes[at + 1]) << 16 | Int64(bytes[at + 2]) << 8 | Int64(bytes[at + 3])
        let key = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + 4 + $1]) }
        let network = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + 12 + $1]) }
        let share = Int(bytes[at + 20])
        let length = Int(bytes[at + 21]) << 8 | Int(bytes[at + 22])
        let header = (at + 23)..<(at + 23 + length)
        return Entry(app: app, second: second, source: share == 0 ? nil : SightingSource(key: key, network: network, share: share),
                     header: header, next: header.upperBound)
    }

    /// A hash of an entry's app and value, to find repeats without making strings.
    package func hash(_ entry: Entry) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var hasher = Hasher()
            let raw = UnsafeRawBufferPointer(buffer)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[entry.app]))
            hasher.combine(entry.app.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[entry.header]))
            return hasher.finalize()
        }
    }

    package func app(_ entry: Entry) -> String { String(decoding: bytes[entry.app], as: UTF8.self) }
    package func header(_ entry: Entry) -> String { String(decoding: bytes[entry.header], as: UTF8.self) }
}
