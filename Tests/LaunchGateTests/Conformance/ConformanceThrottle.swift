import Foundation
import LaunchGateTesting
@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/throttle.json`: dismissals and re-checks over time, and what the core says at each step.
enum ConformanceThrottle {
    struct File: Encodable {
        let about = """
            Each sequence starts with an empty store. A step happens "at" seconds after the sequence's \
            start (negative: the device's clock was set back). "show": would the prompt be shown now; \
            "dismiss": the user dismisses it ("dismissed" false when it can't be: a blocking screen); \
            "checked": a check reached the policy; "due": is a re-check due for the refresh interval \
            given. A prompt is its kind and its target; a different target is a different prompt.
            """
        let sequences: [Sequence]
    }

    struct Prompt: Encodable {
        let kind: String
        var targetVersion: String?
        var targetBuild: String?
        var reminderInterval: Double = 86_400
    }

    struct Step: Encodable {
        let at: Double
        let action: String
        var prompt: Prompt?
        var refreshInterval: Double?
        var shown: Bool?
        var dismissed: Bool?
        var due: Bool?
    }

    struct Sequence: Encodable {
        let name: String
        let steps: [Step]
    }

    private static func banner(_ version: String = "2.4.1", reminder: Double = 86_400) -> Prompt {
        Prompt(kind: "updateAvailable", targetVersion: version, reminderInterval: reminder)
    }

    private static let scripts: [(String, [(Double, String, Prompt?, Double?)])] = [
        ("a dismissed banner stays away for the reminder interval, then returns",
         [(0, "show", banner(), nil), (0, "dismiss", banner(), nil), (1, "show", banner(), nil), (86_399, "show", banner(), nil),
          (86_400, "show", banner(), nil)]),
        ("a newer version shows at once after the older one was dismissed",
         [(0, "dismiss", banner("2.4.1"), nil), (60, "show", banner("2.4.1"), nil), (60, "show", banner("2.5.0"), nil)]),
        ("another kind of prompt for the same version shows at once",
         [(0, "dismiss", banner(), nil), (60, "show", Prompt(kind: "updateRecommended", targetVersion: "2.4.1"), nil)]),
        ("a build-only target is its own prompt",
         [(0, "dismiss", Prompt(kind: "updateAvailable", targetBuild: "42"), nil), (60, "show", Prompt(kind: "updateAvailable", targetBuild: "42"), nil),
          (60, "show", Prompt(kind: "updateAvailable", targetBuild: "43"), nil)]),
        ("the clock set back re-anchors the dismissal: hidden, then back one interval later",
         [(0, "dismiss", banner(), nil), (-3_600, "show", banner(), nil), (-3_600 + 86_399, "show", banner(), nil),
          (-3_600 + 86_400, "show", banner(), nil)]),
        ("a reminder interval of 0 brings the prompt back at once",
         [(0, "dismiss", banner(reminder: 0), nil), (0, "show", banner(reminder: 0), nil)]),
        ("a blocking screen can't be dismissed and always shows",
         [(0, "dismiss", Prompt(kind: "updateRequired", targetVersion: "2.0.0"), nil), (1, "show", Prompt(kind: "updateRequired", targetVersion: "2.0.0"), nil)]),
        ("a re-check is due when never checked, after the refresh interval, at every return for 0, and when the clock went back",
         [(0, "due", nil, 10_800), (0, "checked", nil, nil), (10_799, "due", nil, 10_800), (10_800, "due", nil, 10_800),
          (10_800, "due", nil, 0), (-60, "due", nil, 10_800)]),
    ]

    static func make() throws -> File {
        File(sequences: try scripts.map { name, steps in
            let clock = TestClock(ConformanceFile.time("2026-11-20T12:00:00Z"))
            let start = clock.date
            let throttle = PromptThrottle(store: InMemoryKeyValueStore(), now: clock.now)
            return Sequence(name: name, steps: try steps.map { at, action, prompt, refresh in
                clock.set(start.addingTimeInterval(at))
                var step = Step(at: at, action: action, prompt: prompt, refreshInterval: refresh)
                switch action {
                case "show": step.shown = throttle.shouldShow(try decision(prompt!))
                case "dismiss":
                    do { try throttle.recordDismissal(of: try decision(prompt!)); step.dismissed = true } catch { step.dismissed = false }
                case "checked": try throttle.recordSuccessfulCheck()
                case "due": step.due = throttle.isCheckDue(interval: refresh!)
                default: preconditionFailure(action)
                }
                return step
            })
        })
    }

    private static func decision(_ prompt: Prompt) throws -> UpdateDecision {
        guard let kind = ScreenKind(rawValue: prompt.kind) else { preconditionFailure(prompt.kind) }
        let made = UpdatePrompt(kind: kind, targetVersion: try prompt.targetVersion.map { try AppVersion(parsing: $0) },
                                targetBuild: try prompt.targetBuild.map { try BuildNumber(parsing: $0) },
                                reason: kind == .updateRequired ? .belowMinimum : .none, reminderInterval: prompt.reminderInterval)
        switch kind {
        case .updateAvailable: return .updateAvailable(made)
        case .updateRecommended: return .updateRecommended(made)
        case .updateRequired: return .updateRequired(made)
        case .endOfLife: return .endOfLife(made)
        case .deviceUnsupported: return .deviceUnsupported(made)
        case .maintenance: return .maintenance(made)
        case .osSupportEnding: return .osSupportEnding(made)
        }
    }
}
