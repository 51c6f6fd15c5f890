@_spi(LaunchGateServer) @testable import LaunchGate

/// The documents and devices of `conformance/decisions.json`; the expected decisions are the core's.
enum ConformanceDecisionCases {
    typealias Device = ConformanceDecisions.Device

    private static let notes = """
        {"schemaVersion": 1, "app": "notes", "platforms": {"ios": {
          "latest": {"version": "2.4.1", "build": 241, "releaseDate": "2026-11-18T17:00:00Z", "notes": "Faster sync.", "minimumOS": "16.0"},
          "required": {"version": "2.0.0"}, "recommended": {"version": "2.3.0"},
          "blocked": {"versions": ["2.2.0"], "builds": [221]},
          "updateURL": "https://apps.apple.com/app/id1234567890", "reminderInterval": 86400,
          "texts": {"en": {"updateRequired": {"title": "Time to update", "message": "This version of Notes is no longer supported."}},
                    "fr": {"updateRequired": {"title": "Mise à jour requise"}},
                    "de": {"updateAvailable": {"title": "Neue Version"}}}}}}
        """

    private static func withRollout(_ rollout: String) -> String {
        """
        {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1", "build": 241, "releaseDate": "2026-11-18T00:00:00Z"},
          "updateURL": "https://apps.apple.com/app/id1", "rollout": \(rollout)}}}
        """
    }

    private static let endOfLife = """
        {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1"}, "required": {"version": "2.0.0"},
          "endOfLife": {"message": "Notes moved to notes.example.com."}, "updateURL": "https://notes.example.com"}},
         "exemptions": {"installs": ["\(PolicyExemptions.hash("tester-install"))"], "devices": ["\(PolicyExemptions.hash("review-device"))"]}}
        """

    private static func maintenance(end: String?) -> String {
        let endField = end.map { #", "end": "\#($0)""# } ?? ""
        return """
            {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1"}, "required": {"version": "2.0.0"},
              "updateURL": "https://apps.apple.com/app/id1",
              "maintenance": {"start": "2026-11-20T10:00:00Z"\(endField), "message": "Moving to a new data centre; back by 14:00 UTC.",
                              "url": "https://status.example.com"}}}}
            """
    }

    private static let osSupport = """
        {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1"}, "osSupportEnds": {"below": "18.0", "after": "2026-12-31"}}}}
        """

    /// The first `install-N` whose bucket for `target` is inside (or outside) `percentage`.
    private static func install(inside: Bool, _ percentage: Double, target: String = "2.4.1+241") -> String {
        let id = (0...).lazy.map { "install-\($0)" }.first { (RolloutBucket.position(installID: $0, target: target) < percentage) == inside }
        return id!
    }

    static var all: [(String, PolicyFormat, String, Device)] {
        [
            ("the latest version is up to date", .canonical, notes, Device(version: "2.4.1", build: "241", os: "17.4")),
            ("a build newer than the latest (TestFlight, App Review) is up to date", .canonical, notes, Device(version: "2.5.0", os: "17.4")),
            ("below the latest and at or above recommended: an update is available (a banner)", .canonical, notes,
             Device(version: "2.3.5", os: "17.4")),
            ("the policy's text for the banner in the user's language", .canonical, notes,
             Device(version: "2.3.5", os: "17.4", languages: ["de_AT", "en"])),
            ("below recommended: a recommended update", .canonical, notes, Device(version: "2.2.5", os: "17.4")),
            ("below required: a required update, with the policy's English text", .canonical, notes, Device(version: "1.9.0", os: "17.4")),
            ("the French title for fr-CA, and no message in French", .canonical, notes,
             Device(version: "1.9.0", os: "17.4", languages: ["fr-CA", "en"])),
            ("a language the policy lacks falls back to its en text", .canonical, notes,
             Device(version: "1.9.0", os: "17.4", languages: ["ja"])),
            ("a blocked version above the minimum is required", .canonical, notes, Device(version: "2.2.0", os: "17.4")),
            ("a blocked build is required, whatever its version", .canonical, notes, Device(version: "2.3.5", build: "221", os: "17.4")),
            ("a pre-release of the minimum is below it", .canonical, notes, Device(version: "2.0.0-beta.1", os: "17.4")),
            ("1.10 is above 1.9: numbers compare as numbers", .canonical,
             #"{"schemaVersion": 1, "platforms": {"ios": {"required": {"version": "1.10.0"}, "updateURL": "https://apps.apple.com/app/id1"}}}"#,
             Device(version: "1.9.9")),
            ("1.2 equals 1.2.0", .canonical, #"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "1.2"}}}}"#,
             Device(version: "1.2.0")),
            ("below the minimum on an OS the latest can't run on: device unsupported", .canonical, notes,
             Device(version: "1.9.0", os: "15.4")),
            ("an optional update the OS can't run is not offered", .canonical, notes, Device(version: "2.3.5", os: "15.0")),
            ("an unknown OS passes minimum-OS checks", .canonical, notes, Device(version: "1.9.0")),
            ("iPadOS reads the iOS entry", .canonical, notes, Device(version: "1.9.0", platform: "ipados", os: "17.4")),
            ("a platform the document doesn't name is up to date", .canonical, notes, Device(version: "1.0.0", platform: "android")),
            ("end of life outranks a required update", .canonical, endOfLife, Device(version: "1.0.0")),
            ("an exempt install is up to date before anything else", .canonical, endOfLife, Device(version: "1.0.0", installID: "tester-install")),
            ("an exempt device is up to date before anything else", .canonical, endOfLife,
             Device(version: "1.0.0", installID: "someone", deviceID: "review-device")),
            ("before a maintenance window starts: the app", .canonical, maintenance(end: "2026-11-20T14:00:00Z"),
             Device(version: "2.4.1", now: "2026-11-20T09:59:59Z")),
            ("during a maintenance window: the maintenance screen, with its link", .canonical, maintenance(end: "2026-11-20T14:00:00Z"),
             Device(version: "2.4.1", now: "2026-11-20T10:00:00Z")),
            ("at a maintenance window's end: the app again (the end is exclusive)", .canonical, maintenance(end: "2026-11-20T14:00:00Z"),
             Device(version: "2.4.1", now: "2026-11-20T14:00:00Z")),
            ("an open-ended maintenance window lasts until the policy drops it", .canonical, maintenance(end: nil),
             Device(version: "2.4.1", now: "2027-11-20T10:00:00Z")),
            ("maintenance outranks a required update", .canonical, maintenance(end: "2026-11-20T14:00:00Z"),
             Device(version: "1.0.0", now: "2026-11-20T12:00:00Z")),
            ("an OS below the one support stays with: the notice banner", .canonical, osSupport, Device(version: "2.4.1", os: "17.4")),
            ("the notice shows through its last day, in UTC", .canonical, osSupport,
             Device(version: "2.4.1", os: "17.4", now: "2026-12-31T23:59:59Z")),
            ("after its last day the notice is gone", .canonical, osSupport, Device(version: "2.4.1", os: "17.4", now: "2027-01-01T00:00:00Z")),
            ("an OS at the version support stays with gets no notice", .canonical, osSupport, Device(version: "2.4.1", os: "18.0")),
            ("inside a 50 % rollout: offered", .canonical, withRollout(#"{"percentage": 50}"#),
             Device(version: "2.3.0", installID: install(inside: true, 50))),
            ("outside a 50 % rollout: not offered", .canonical, withRollout(#"{"percentage": 50}"#),
             Device(version: "2.3.0", installID: install(inside: false, 50))),
            ("an Apple-phased rollout on its fourth day reaches 10 %: inside", .canonical, withRollout(#"{"schedule": "apple-phased"}"#),
             Device(version: "2.3.0", installID: install(inside: true, 10), now: "2026-11-21T12:00:00Z")),
            ("an Apple-phased rollout on its first day reaches 1 %: outside", .canonical, withRollout(#"{"schedule": "apple-phased"}"#),
             Device(version: "2.3.0", installID: install(inside: false, 1), now: "2026-11-18T12:00:00Z")),
            ("/api/version: a lower build is required", .latestBuild,
             #"{"latest_build": 42, "testflight_url": "https://testflight.apple.com/join/AbCd1234"}"#, Device(version: "1.0", build: "41")),
            ("/api/version: the latest build is up to date", .latestBuild,
             #"{"latest_build": 42, "testflight_url": "https://testflight.apple.com/join/AbCd1234"}"#, Device(version: "1.0", build: "42")),
            ("/api/version: a device that doesn't know its build is not blocked", .latestBuild,
             #"{"latest_build": 42, "testflight_url": "https://testflight.apple.com/join/AbCd1234"}"#, Device(version: "1.0")),
            ("min_supported_version: below the minimum, with no update URL", .minimumSupportedVersion,
             #"{"min_supported_version_ios": "10.10.5", "min_supported_version_android": "3.1"}"#, Device(version: "10.10.4")),
            ("min_supported_version: the Android minimum itself is supported", .minimumSupportedVersion,
             #"{"min_supported_version_ios": "10.10.5", "min_supported_version_android": "3.1"}"#, Device(version: "3.1", platform: "android")),
            ("VersionLockout: below the recommended version", .versionLockout,
             #"{"recommendedVersion": "1.10.0", "requiredVersion": "1.9.0", "updateUrl": "https://example.com/notes", "eol": false, "message": ""}"#,
             Device(version: "1.9.5")),
            ("VersionLockout: below the required version", .versionLockout,
             #"{"recommended_version": "1.10.0", "required_version": "1.9.0", "update_url": "https://example.com/notes"}"#,
             Device(version: "1.8")),
            ("VersionLockout: end of life with its message", .versionLockout,
             #"{"recommendedVersion": "1.10.0", "requiredVersion": "1.9.0", "updateUrl": "", "eol": true, "message": "Notes is retired."}"#,
             Device(version: "2.0")),
            ("version.json: a newer version is a banner", .versionJSON,
             #"{"latestVersion": "1.3.0", "releaseDate": "2026-01-06", "releaseNotes": "Dark mode.", "updateUrl": "https://apps.apple.com/app/id1"}"#,
             Device(version: "1.2.0")),
            ("the App Store lookup: a newer version is a banner", .appStoreLookup, """
             {"resultCount": 1, "results": [{"version": "3.1.0", "trackViewUrl": "https://apps.apple.com/us/app/notes/id1",
               "minimumOsVersion": "16.0", "currentVersionReleaseDate": "2026-11-01T08:00:00Z", "releaseNotes": "Bug fixes."}]}
             """, Device(version: "3.0.0", os: "17.4")),
        ]
    }
}
