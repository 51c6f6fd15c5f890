extension AppVersion: Comparable, Hashable {
    /// Equal precedence: `1.2 == 1.2.0`, and metadata and builds are ignored.
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// SemVer 2.0.0 §11 precedence.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Hashes what equality looks at, with trailing zero components dropped so `1.2` and
    /// `1.2.0` land in the same bucket.
    public func hash(into hasher: inout Hasher) {
        var significant = components[...]
        while significant.count > 1, significant.last == 0 { significant = significant.dropLast() }
        hasher.combine(Array(significant))
        hasher.combine(prerelease)
    }

    private static func compare(_ lhs: AppVersion, _ rhs: AppVersion) -> Int {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        // §11.3: a pre-release has lower precedence than its release.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false): break
        }
        // §11.4: identifier by identifier; a longer set wins when all before are equal.
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            return left < right ? -1 : 1
        }
        if lhs.prerelease.count == rhs.prerelease.count { return 0 }
        return lhs.prerelease.count < rhs.prerelease.count ? -1 : 1
    }
}
