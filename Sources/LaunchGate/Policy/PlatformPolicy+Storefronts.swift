extension PlatformPolicy {
    /// The newest version a device in `storefront` can download, as far as the policy knows; `nil`
    /// when the policy has no ``storefronts`` (the platform isn't linked to the App Store), so
    /// nothing waits for a storefront.
    ///
    /// A device whose storefront is unknown, or isn't in the map, gets the lowest version of the map:
    /// it is told about a version only once every storefront the operator linked serves it, since
    /// its own might be the one still behind.
    /// - Parameter storefront: The device's storefront; `nil` when unknown.
    /// - Returns: The version that storefront serves, or the lowest of the map.
    public func servedVersion(in storefront: Storefront?) -> AppVersion? {
        if let storefront, let version = storefronts[storefront.code] { return version }
        return storefronts.values.min()
    }
}

extension PlatformPolicy {
    /// The publishing rules of ``storefronts``: at most ``PolicyLimits/storefronts`` entries, each
    /// keyed by a storefront's lowercase alpha-2 code. Values are versions already, or the
    /// document doesn't decode. A client reading a document skips these: a storefront Apple opens
    /// after the app shipped is unknown to its table, and must not make it refuse the policy.
    /// - Parameter path: The platform entry's dotted path.
    /// - Returns: The problems found.
    func validateStorefronts(path: String) -> [PolicyIssue] {
        var issues: [PolicyIssue] = []
        if storefronts.count > PolicyLimits.storefronts {
            issues.append(PolicyIssue(field: "\(path).storefronts",
                                      reason: "\(storefronts.count) storefronts are listed; the limit is \(PolicyLimits.storefronts)"))
        }
        // One issue for all the bad keys, not one each: a bad map can be long.
        let unknown = storefronts.keys.filter { !Storefront.isPolicyKey($0) }.sorted()
        if let first = unknown.first {
            let hint = Storefront(first).map { ", write \"\($0.code)\"" } ?? ""
            issues.append(PolicyIssue(field: "\(path).storefronts", reason:
                "\(unknown.count) keys are not App Store storefronts (such as \"\(first.prefix(10))\"\(hint)); "
                + "key each by its lowercase two-letter country code, such as us, gb or jp"))
        }
        return issues
    }
}
