import Foundation

extension UpdatePolicy {
    /// Checks the rules a policy must meet to be published, which decoding alone can't: ordering,
    /// URL schemes, text lengths, intervals, and that a required update says where to update.
    ///
    /// Versions that don't parse and unknown platforms are already rejected by decoding. A client
    /// reading a document skips the rules that only guard publishing: the
    /// `min_supported_version_<platform>` document has no field for an update URL at all, and its
    /// required version must still be enforced.
    /// - Returns: Every problem found; empty when the policy is sound.
    public func validate() -> [PolicyIssue] {
        validate(.publishing)
    }

    /// Which rules a check applies.
    enum Rules {
        /// Every rule: what a server, the CLI and the console refuse to publish.
        case publishing
        /// What a client refuses in a document it reads: every rule but those about what a
        /// publisher left out, which the client makes up for on screen.
        case reading
    }

    /// Checks `rules`; see ``validate()``.
    func validate(_ rules: Rules) -> [PolicyIssue] {
        var issues: [PolicyIssue] = []
        if platforms.isEmpty {
            issues.append(PolicyIssue(field: "platforms", reason: "name at least one platform"))
        }
        if let subject {
            if subject.app.isEmpty || subject.app.utf8.count > PolicyLimits.subjectApp {
                issues.append(PolicyIssue(field: "subject.app", reason: "name the app in 1 to \(PolicyLimits.subjectApp) bytes"))
            }
            if let platform = subject.platform, let other = platforms.keys.map(\.rawValue).sorted().first(where: { $0 != platform.rawValue }) {
                issues.append(PolicyIssue(field: "platforms.\(other)", reason: "the subject names only \(platform.rawValue); remove the other platforms or the subject's platform"))
            }
        }
        if let exemptions {
            let count = exemptions.installs.count + exemptions.devices.count
            if count > PolicyLimits.exemptions {
                issues.append(PolicyIssue(field: "exemptions", reason: "\(count) entries are listed; the limit is \(PolicyLimits.exemptions)"))
            }
            for (name, list) in [("installs", exemptions.installs), ("devices", exemptions.devices)] {
                // One issue per list, not one per entry: a bad list can be thousands long.
                let bad = list.filter { !PolicyExemptions.isHash($0) }
                if let first = bad.sorted().first {
                    issues.append(PolicyIssue(field: "exemptions.\(name)", reason:
                        "\(bad.count) entries are not 64 lowercase hex characters (such as \"\(first.prefix(20))\"); list PolicyExemptions.hash(id), the SHA-256 of the ID"))
                }
            }
        }
        for platform in Platform.allCases {
            guard let policy = platforms[platform] else { continue }
            issues += policy.validate(path: "platforms.\(platform.rawValue)", rules: rules)
        }
        return issues
    }

    /// The policy itself when it may be published.
    /// - Returns: `self`.
    /// - Throws: ``PolicyValidationError`` listing every problem ``validate()`` finds.
    @discardableResult
    public func validated() throws -> UpdatePolicy {
        try validated(.publishing)
    }

    /// The policy itself when it passes `rules`.
    @discardableResult
    func validated(_ rules: Rules) throws -> UpdatePolicy {
        let issues = validate(rules)
        guard issues.isEmpty else { throw PolicyValidationError(issues: issues) }
        return self
    }
}

extension PlatformPolicy {
    func validate(path: String, rules: UpdatePolicy.Rules) -> [PolicyIssue] {
        var issues: [PolicyIssue] = []
        func issue(_ field: String, _ reason: String) { issues.append(PolicyIssue(field: "\(path).\(field)", reason: reason)) }

        // required ≤ recommended ≤ latest, compared as gates so build-only policies work too.
        let latestGate = latest?.gate
        if let required, let recommended, Self.isOrdered(required, after: recommended) {
            issue("required", "the required version \(Self.describe(required)) is above the recommended \(Self.describe(recommended))")
        }
        if let recommended, let latestGate, Self.isOrdered(recommended, after: latestGate) {
            issue("recommended", "the recommended version \(Self.describe(recommended)) is above the latest \(Self.describe(latestGate))")
        }
        if let required, let latestGate, Self.isOrdered(required, after: latestGate) {
            issue("required", "the required version \(Self.describe(required)) is above the latest \(Self.describe(latestGate))")
        }
        if let latest, let version = latest.version, blocked.contains(version: version, build: latest.build) {
            issue("blocked", "the latest release \(version) is on the block list; publish a newer release or unblock it")
        }
        for (name, gate) in [("required", required), ("recommended", recommended)] where gate?.isEmpty == true {
            issue(name, "give a version, a build, or both")
        }
        if let url = updateURL {
            if let problem = Self.linkProblem(url, schemes: PolicyLimits.updateURLSchemes) { issue("updateURL", problem) }
        } else if rules == .publishing, required != nil || !blocked.versions.isEmpty || !blocked.builds.isEmpty {
            // Without it the blocking screen has no button: the user is stuck until they find the update themselves.
            issue("updateURL", "a required update needs an update URL, or its blocking screen has no button; "
                  + "give the App Store page (https://apps.apple.com/app/id…), an itms-apps or a TestFlight (itms-beta or https) link")
        }
        if let notes = latest?.notes, notes.utf8.count > PolicyLimits.notes {
            issue("latest.notes", "release notes are \(notes.utf8.count) bytes; the limit is \(PolicyLimits.notes)")
        }
        if let message = endOfLife?.message, message.utf8.count > PolicyLimits.message {
            issue("endOfLife.message", "the message is \(message.utf8.count) bytes; the limit is \(PolicyLimits.message)")
        }
        if let window = maintenance {
            issues += window.validate(path: "\(path).maintenance", rules: rules)
        }
        if rules == .publishing { issues += validateStorefronts(path: path) }
        if texts.count > PolicyLimits.locales {
            issue("texts", "\(texts.count) languages are listed; the limit is \(PolicyLimits.locales)")
        }
        for (locale, texts) in texts.sorted(by: { $0.key < $1.key }) {
            if !Self.isLanguageTag(locale) {
                issue("texts.\(locale.prefix(40))", "use a language tag such as en or fr-CA")
            }
            for kind in ScreenKind.allCases {
                guard let text = texts[kind] else { continue }
                if let title = text.title, title.utf8.count > PolicyLimits.title {
                    issue("texts.\(locale.prefix(40)).\(kind.rawValue).title", "the title is \(title.utf8.count) bytes; the limit is \(PolicyLimits.title)")
                }
                if let message = text.message, message.utf8.count > PolicyLimits.message {
                    issue("texts.\(locale.prefix(40)).\(kind.rawValue).message", "the message is \(message.utf8.count) bytes; the limit is \(PolicyLimits.message)")
                }
            }
        }
        for (name, value) in [("reminderInterval", reminderInterval), ("refreshInterval", refreshInterval)]
        where !(0...PolicyLimits.interval).contains(value) {
            issue(name, "use a number of seconds from 0 to \(Int(PolicyLimits.interval))")
        }
        if case .percentage(let value) = rollout, !(0...100).contains(value) {
            issue("rollout.percentage", "use a percentage from 0 to 100")
        }
        if rollout == .applePhased, latest?.releaseDate == nil {
            issue("rollout", "a phased rollout counts from latest.releaseDate; set it")
        }
        return issues
    }

    /// What is wrong with a link a screen's button opens, or `nil` when it may be published. The
    /// update URL and a maintenance window's link share these rules.
    /// - Parameters:
    ///   - url: The link.
    ///   - schemes: The schemes allowed, lowercased.
    static func linkProblem(_ url: URL, schemes: Set<String>) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        if !schemes.contains(scheme) {
            let names = schemes.sorted()
            let allowed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            return "use an \(allowed) URL; \"\(scheme)\" is not allowed"
        } else if (url.host ?? "").isEmpty {
            // Every allowed scheme names a store or a site; "itms-apps:javascript:…" names nothing.
            return "the \(scheme) URL has no host"
        } else if url.user != nil || url.password != nil {
            // "https://apps.apple.com@evil.example/x" reads as the App Store but opens evil.example.
            return "the URL names a user (\"…@\"), so its host is \(url.host ?? "?"), not what it appears to be; remove the part before @"
        } else if let port = url.port, !(1...65_535).contains(port) {
            // "https://apps.apple.com:99999/" parses, but no port has that number: the button would open nothing.
            return "the port \(port) is not a port (1 to 65535); give the URL without it, or with a real one"
        } else if (url.host(percentEncoded: true) ?? "").utf8.count > HostName.maximumLength {
            return "the host is longer than \(HostName.maximumLength) bytes, longer than any name DNS can resolve"
        } else if !HostName.isPlain(bracketed(url.host(percentEncoded: true) ?? "")) {
            // "apps.apple.com。evil.example" (an ideographic full stop) opens apps.apple.com.evil.example,
            // and "%40" in a host reads as "@": the server's Host header follows the same rule.
            return "the host \"\(url.host(percentEncoded: true) ?? "")\" isn't a plain host name; "
                + "give it in ASCII letters, digits, hyphens and dots, without %-escapes (an IDN as xn--…)"
        }
        return nil
    }

    /// Whether gate `a` sits strictly above gate `b`, comparing only what both name.
    private static func isOrdered(_ a: VersionRequirement, after b: VersionRequirement) -> Bool {
        if let left = a.version, let right = b.version {
            if left != right { return left > right }
            if let leftBuild = a.build, let rightBuild = b.build { return leftBuild > rightBuild }
            return false
        }
        if let left = a.build, let right = b.build { return left > right }
        return false
    }

    private static func describe(_ gate: VersionRequirement) -> String {
        switch (gate.version, gate.build) {
        case let (version?, build?): "\(version) (\(build))"
        case let (version?, nil): version.description
        case let (nil, build?): "build \(build)"
        case (nil, nil): "(none)"
        }
    }

    /// A BCP 47 tag in the shape apps use (`en`, `fr-CA`, `zh-Hant-TW`), checked on ASCII bytes:
    /// `Character` counts would let a combining mark or a letter of another script through, and an
    /// unbounded number of subtags would let one key be any size.
    /// A URL's host as a `Host` header spells it: Foundation gives an IPv6 literal without its
    /// brackets, and a bare `2001:db8::1` would read as a host and a port to the host rule.
    private static func bracketed(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    private static func isLanguageTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard (2...PolicyLimits.languageTag).contains(bytes.count) else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }
}
