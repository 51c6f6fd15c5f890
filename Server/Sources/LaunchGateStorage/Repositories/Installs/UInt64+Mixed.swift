extension UInt64 {
    /// SplitMix64's finaliser: every input bit moves every output bit, so a key mixed with a
    /// per-process seed picks a slot of a fixed table that nobody can aim at.
    package var mixed: UInt64 {
        var z = self &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
