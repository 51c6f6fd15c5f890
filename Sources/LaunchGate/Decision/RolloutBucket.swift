/// Places an install in a rollout, deterministically and independently per version.
///
/// The install ID is hashed together with the target version, so the same install gets the
/// same answer on every launch, yet an install that is late for 2.0 is not always late for 2.1.
/// FNV-1a with a SplitMix64 finaliser: no dependency, identical on every platform, and well mixed.
enum RolloutBucket {
    /// The install's position in the rollout of one version.
    /// - Parameters:
    ///   - installID: The install's random ID.
    ///   - target: A stable name for the version being rolled out.
    /// - Returns: A value in `0..<100`; the install is in a rollout of `p` percent when it is below `p`.
    static func position(installID: String, target: String) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in installID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3  // separator, so ("ab","c") ≠ ("a","bc")
        for byte in target.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 30; hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27; hash &*= 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return Double(hash % 10_000) / 100
    }
}
