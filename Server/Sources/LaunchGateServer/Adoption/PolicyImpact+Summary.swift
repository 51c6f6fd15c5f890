import Foundation
import LaunchGate

extension PolicyImpact {
    /// The one-line summary, such as "Raising required to 2.0.0 blocks 1,234 of 10,000 active
    /// installs (12.3 %); 56 of them run iOS below 16.0 and cannot update at all."
    /// Installs first seen today follow apart: "… Plus 1,000 installs first seen today (0 of them
    /// blocked), which these counts leave out (the publish guard counts them only on a platform
    /// with no older installs)." `established` (``establishedSummary(_:unsettled:)``) goes before that.
    static func summary(change: String, blocked: Int, newlyBlocked: Int, active: Int, activeDays: Int, cannotUpdate: Int,
                        minimumOS: [String: String], rolloutNote: String?, newInstalls: Int = 0, newInstallsBlocked: Int = 0,
                        established: String = "") -> String {
        let apart = newInstalls == 0 ? "" : " Plus \(grouped(newInstalls)) install\(newInstalls == 1 ? "" : "s") first seen today "
            + "(\(grouped(newInstallsBlocked)) of them blocked), which these counts leave out (the publish guard counts them only on a "
            + "platform with no older installs)."
        guard active > 0 else {
            guard newInstalls > 0 else { return "No installs were seen in the last \(activeDays) days, so nothing can be counted yet." }
            return "No installs first seen before today were seen in the last \(activeDays) days." + established + apart
        }
        var text = "\(change) blocks \(grouped(blocked)) of \(grouped(active)) active installs (\(percent(Double(blocked) / Double(active))))"
        if newlyBlocked == 0, blocked > 0 {
            text += ", all of them blocked already"
        } else if newlyBlocked != blocked {
            text += ", \(grouped(newlyBlocked)) of them not blocked now"
        }
        if cannotUpdate > 0 {
            let floors = minimumOS.sorted { $0.key < $1.key }.map { "\(osName($0.key)) below \($0.value)" }.joined(separator: " or ")
            text += "; \(grouped(cannotUpdate)) of them run \(floors.isEmpty ? "an OS too old for any allowed version" : floors) and cannot update at all"
        }
        text += "." + established
        if let rolloutNote { text += " " + rolloutNote }
        return text + apart
    }

    /// What changed from the current policy, as the sentence's subject.
    static func change(from current: UpdatePolicy?, to proposed: UpdatePolicy) -> String {
        var phrases: [String] = []
        let many = proposed.platforms.count > 1
        for (platform, entry) in proposed.platforms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let old = current?.policy(for: platform)
            let on = many ? " on \(platform.rawValue)" : ""
            if entry.endOfLife != nil, old?.endOfLife == nil { phrases.append("Ending \(platform.rawValue)'s life") }
            if let required = entry.required, required != old?.required {
                var verb = "Setting"
                if let before = old?.required?.version, let after = required.version { verb = before < after ? "Raising" : before > after ? "Lowering" : "Changing" }
                let target = required.version?.description ?? required.build.map { "build \($0)" } ?? "nothing"
                phrases.append("\(verb) required\(on) to \(target)")
            }
            if entry.blocked != old?.blocked ?? BlockedReleases() { phrases.append("Changing the blocked releases\(on)") }
            if let floor = entry.latest?.minimumOS, floor != old?.latest?.minimumOS { phrases.append("Requiring \(osName(platform.rawValue)) \(floor)") }
            if entry.rollout != old?.rollout, entry.rollout != nil { phrases.append("Changing the rollout\(on)") }
        }
        guard !phrases.isEmpty else { return "This policy" }
        return phrases.prefix(2).joined(separator: " and ")
    }

    /// `12.3 %`; a share that isn't 0 or 1 never reads as `0 %` or `100 %`.
    static func percent(_ share: Double) -> String {
        if share > 0 && share < 0.0005 { return "<0.1 %" }
        if share < 1 && share > 0.9995 { return ">99.9 %" }
        let tenths = (share * 1000).rounded() / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + " %"
    }

    /// `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    private static func osName(_ platform: String) -> String {
        ["ios": "iOS", "ipados": "iPadOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS", "android": "Android"][platform]
            ?? platform
    }
}

extension PolicyImpact {
    /// The sentence about established installs (seen on two sightings a day apart), which the
    /// guard also measures by, when not every active install is one: " Of the 80 established
    /// installs …, it blocks 50 (62.5 %) and newly blocks 40 (50 %)."; and the platforms the
    /// change newly blocks installs on that have none yet.
    static func establishedSummary(_ established: PlatformImpact, active: Int, unsettled: [String]) -> String {
        var text = ""
        if established.activeInstalls > 0, established.activeInstalls != active {
            text += " Of the \(grouped(established.activeInstalls)) established installs (seen twice, a day apart), it blocks "
                + "\(grouped(established.blocked)) (\(percent(established.blockedShare))) and newly blocks \(grouped(established.newlyBlocked)) "
                + "(\(percent(established.newlyBlockedShare)))."
        }
        if !unsettled.isEmpty {
            text += " No \(unsettled.sorted().joined(separator: " or ")) install is established yet (seen twice, a day apart), so the publish "
                + "guard asks to confirm any change that newly blocks installs there."
        }
        return text
    }
}
