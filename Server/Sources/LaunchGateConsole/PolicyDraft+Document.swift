import Foundation
import LaunchGate

extension PolicyDraft {
    /// The document as the JSON editor shows it: sorted keys, indented, `issuedAt` left out (the
    /// publish sets it). The same text the diffs are made of.
    static func documentText(of policy: UpdatePolicy?) -> String {
        PolicyDiff.text(of: policy).joined(separator: "\n")
    }

    /// The JSON editor's text read by the core: decoded as clients decode it, then validated.
    /// - Returns: The policy when it decodes and validates; what decoded, valid or not (the
    ///   fields show it); and the problems, each with the path it is about.
    package static func parse(document text: String) -> (policy: UpdatePolicy?, decoded: UpdatePolicy?, errors: [String]) {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return (nil, nil, ["The JSON is empty: paste or write the whole policy document."])
        }
        var decoded: UpdatePolicy
        do { decoded = try UpdatePolicy(json: Data(text.utf8)) } catch {
            return (nil, nil, ["The JSON can't be read as a policy: " + String(describing: error).prefix(400)])
        }
        decoded.issuedAt = nil
        let issues = decoded.validate()
        return (issues.isEmpty ? decoded : nil, decoded, issues.map(\.description))
    }

    /// A rollout as its field shows it: `25`, `12.5` or `apple-phased`.
    static func rolloutText(_ rollout: Rollout) -> String {
        switch rollout {
        case .applePhased: "apple-phased"
        case .percentage(let share) where share == share.rounded() && abs(share) < 1e9: String(Int(share))
        case .percentage(let share): String(share)
        }
    }
}
