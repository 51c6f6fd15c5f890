@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/rollout.json`: where installs fall in a rollout, and how far a phased one has got.
enum ConformanceRollout {
    struct File: Encodable {
        let about = """
            "buckets": an install's position (0 <= p < 100, two decimals) in the rollout of one target, \
            "<latest.version>+<latest.build>" with an empty part for one the policy leaves out. An \
            install is offered the update when its position is below the rollout's percentage. The \
            position is FNV-1a 64 over the install ID's UTF-8 bytes, the byte 0xFF, then the target's \
            bytes (offset basis 0xcbf29ce484222325, prime 0x100000001b3), then SplitMix64's finaliser \
            (x ^= x >> 30; x *= 0xbf58476d1ce4e5b9; x ^= x >> 27; x *= 0x94d049bb133111eb; x ^= x >> 31), \
            then (x mod 10000) / 100. "phased": the percentage of an Apple-phased rollout a given number \
            of seconds after latest.releaseDate (whole days count; before the date, 0).
            """
        let buckets: [Bucket]
        let phased: [Phase]
    }

    struct Bucket: Encodable {
        let installID: String
        let target: String
        let position: Double
    }

    struct Phase: Encodable {
        let secondsAfterRelease: Double
        let percentage: Double
    }

    static func make() -> File {
        let installs = ["", "install-0", "install-1", "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
                        "ü-ñicode-安装", String(repeating: "x", count: 128)]
        let targets = ["2.4.1+241", "2.4.1+", "+42", "+", "10.0.0-beta.2+1.4.2"]
        let buckets = installs.flatMap { id in targets.map { Bucket(installID: id, target: $0, position: RolloutBucket.position(installID: id, target: $0)) } }
        let release = ConformanceFile.time("2026-11-18T00:00:00Z")
        let day: Double = 86_400
        let offsets: [Double] = [-1, 0, day - 1, day, 2 * day, 3 * day + 1, 4 * day, 5 * day, 6 * day, 30 * day]
        let phased = offsets.map { seconds in
            Phase(secondsAfterRelease: seconds,
                  percentage: Rollout.applePhased.percentage(at: release.addingTimeInterval(seconds), releaseDate: release))
        }
        return File(buckets: buckets, phased: phased)
    }
}
