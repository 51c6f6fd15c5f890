import Foundation
import LaunchGate

/// Small canonical documents for fetch and monitor tests.
enum PolicyDocuments {
    static let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
    static let staticURL = URL(string: "https://cdn.example.com/notes/policy.json")!

    static func canonical(required: String = "1.0.0", latest: String = "2.0.0", issuedAt: String = "2026-11-20T09:00:00Z",
                          endOfLife: Bool = false, refresh: Int = 10_800, updateURL: String = "https://apps.apple.com/app/id1") -> Data {
        let eol = endOfLife ? #", "endOfLife": {"message": "Retired."}"# : ""
        return Data("""
        {"schemaVersion": 1, "issuedAt": "\(issuedAt)", "platforms": {"ios": {
          "latest": {"version": "\(latest)", "notes": "Bug fixes."}, "required": {"version": "\(required)"},
          "updateURL": "\(updateURL)", "refreshInterval": \(refresh)\(eol)}}}
        """.utf8)
    }
}
