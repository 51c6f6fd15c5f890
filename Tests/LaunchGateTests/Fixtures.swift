import Foundation
import LaunchGate

/// Realistic documents in every format LaunchGate reads; the same ones `docs/policy-format.md` shows.
enum Fixtures {
    static let canonical = """
    {
      "schemaVersion": 1,
      "app": "com.example.notes",
      "issuedAt": "2026-11-20T09:00:00Z",
      "platforms": {
        "ios": {
          "channel": "production",
          "latest": {"version": "2.4.1", "build": 241, "releaseDate": "2026-11-18T17:00:00Z",
                     "notes": "Faster sync and a new widget.", "minimumOS": "16.0"},
          "required": {"version": "2.0.0"},
          "recommended": {"version": "2.3.0"},
          "blocked": {"versions": ["2.2.0"], "builds": [221]},
          "updateURL": "https://apps.apple.com/app/id1234567890",
          "texts": {
            "en": {"updateRequired": {"title": "Time to update", "message": "This version of Notes is no longer supported."}},
            "fr": {"updateRequired": {"title": "Mise à jour requise", "message": "Cette version de Notes n'est plus prise en charge."}}
          },
          "reminderInterval": 86400,
          "refreshInterval": 10800,
          "rollout": {"schedule": "apple-phased"}
        },
        "android": {
          "latest": {"version": "2.4.0"},
          "required": {"version": "1.9.0"},
          "updateURL": "https://play.google.com/store/apps/details?id=com.example.notes",
          "rollout": {"percentage": 25}
        },
        "macos": {
          "endOfLife": {"message": "Notes for Mac has moved to the web at notes.example.com."}
        }
      }
    }
    """

    static let latestBuild = #"{"latest_build": 42, "testflight_url": "https://testflight.apple.com/join/AbCdEf12"}"#
    static let minimumSupported = #"{"min_supported_version_ios": "10.10.5", "min_supported_version_android": "3.1", "feature_flags": {"x": true}}"#
    static let versionLockout = """
    {"recommendedVersion": "2022.08.25", "requiredVersion": "2022.06.01",
     "updateUrl": "https://apps.apple.com/the-link-to-your-app", "eol": false,
     "message": "this message is optional and is only used for the end of life for the app"}
    """
    static let versionLockoutSnake = #"{"recommended_version": "1.10.0", "required_version": "1.9.0", "update_url": "itms-apps://itunes.apple.com/app/id1", "eol": true, "message": "Gone."}"#
    static let versionJSON = #"{"latestVersion": "1.3.0", "releaseDate": "2026-01-06", "releaseNotes": "Meal photos.", "updateUrl": "https://apps.apple.com/app/id99"}"#
    static let appStoreLookup = """
    {"resultCount": 1, "results": [{"trackId": 1234567890, "bundleId": "com.example.notes", "version": "2.4.1",
      "trackViewUrl": "https://apps.apple.com/us/app/notes/id1234567890?uo=4", "minimumOsVersion": "16.0",
      "currentVersionReleaseDate": "2026-11-18T17:00:00Z", "releaseNotes": "Faster sync.", "price": 0.0}]}
    """

    static func data(_ text: String) -> Data { Data(text.utf8) }
    static var canonicalPolicy: UpdatePolicy { get throws { try UpdatePolicy(json: data(canonical)) } }
}
