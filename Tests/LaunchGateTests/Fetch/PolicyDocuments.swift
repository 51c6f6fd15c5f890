import Foundation
import LaunchGate

/// Small canonical documents for fetch and monitor tests.
enum PolicyDocuments {
    static let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
    static let staticURL = URL(string: "https://cdn.example.com/notes/policy.json")!

    /// The subject the server puts in `GET /v1/apps/notes/policy?platform=ios`.
    static let iosSubject = #"{"app": "notes", "channel": "production", "platform": "ios"}"#

    static func canonical(required: String = "1.0.0", latest: String = "2.0.0", issuedAt: String = "2026-11-20T09:00:00Z",
                          endOfLife: Bool = false, refresh: Int = 10_800, updateURL: String = "https://apps.apple.com/app/id1",
                          subject: String? = iosSubject, platform: String = "ios", extra: String = "") -> Data {
        let eol = endOfLife ? #", "endOfLife": {"message": "Retired."}"# : ""
        let subjectField = subject.map { #""subject": \#($0), "# } ?? ""
        return Data("""
        {"schemaVersion": 1, "issuedAt": "\(issuedAt)", \(subjectField)\(extra)"platforms": {"\(platform)": {
          "latest": {"version": "\(latest)", "notes": "Bug fixes."}, "required": {"version": "\(required)"},
          "updateURL": "\(updateURL)", "refreshInterval": \(refresh)\(eol)}}}
        """.utf8)
    }
}
