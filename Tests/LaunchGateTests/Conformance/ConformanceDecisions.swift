import Foundation
@_spi(LaunchGateServer) @testable import LaunchGate

/// `conformance/decisions.json`: a document and a device, and the decision the core makes.
enum ConformanceDecisions {
    struct File: Encodable {
        let about = """
            A policy document (in the format named, read for the device's platform) and a device, and the \
            decision the Swift core makes. "decision" is upToDate, updateAvailable (a banner), \
            updateRecommended, updateRequired, endOfLife, deviceUnsupported, maintenance or osSupportEnding; the \
            other fields are what its screen needs, and are absent when the core has none ("maintenance" is \
            the running window with its own link, never in "updateURL"; "osSupportEnds" the notice shown). "text" is the policy's own title and \
            message for the device's languages. Times are RFC 3339. See docs/policy-format.md.
            """
        let cases: [Case]
    }

    struct Device: Encodable {
        let version: String
        var build: String?
        var platform = "ios"
        var os: String?
        var installID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        var deviceID: String?
        var languages = ["en"]
        var now = "2026-11-20T12:00:00Z"
    }

    struct Expected: Encodable {
        let decision: String
        var reason: String?
        var targetVersion: String?
        var targetBuild: String?
        var updateURL: String?
        var minimumOS: String?
        var releaseNotes: String?
        var text: [String: String]?
        var endOfLifeMessage: String?
        var maintenance: [String: String]?
        var osSupportEnds: [String: String]?
        var reminderInterval: Double?
    }

    struct Case: Encodable {
        let name: String
        let format: String
        let document: JSONValue
        let device: Device
        let expect: Expected
    }

    static func make() throws -> File {
        File(cases: try ConformanceDecisionCases.all.map { name, format, document, device in
            let json = JSONValue(parsing: document)
            guard let platform = Platform(rawValue: device.platform) else { preconditionFailure(device.platform) }
            // Read from the bytes a client gets from the vector, so the two can't differ.
            let policy = try PolicyReader.read(json.data, format: format, platform: platform).validated(.reading)
            let context = EvaluationContext(
                version: try AppVersion(parsing: device.version), build: try device.build.map { try BuildNumber(parsing: $0) },
                platform: platform, osVersion: try device.os.map { try AppVersion(parsing: $0) }, installID: device.installID,
                deviceID: device.deviceID, preferredLanguages: device.languages, now: ConformanceFile.time(device.now))
            return Case(name: name, format: format.rawValue, document: json, device: device,
                        expect: expected(UpdateEvaluator().evaluate(policy, for: context)))
        })
    }

    private static func expected(_ decision: UpdateDecision) -> Expected {
        guard let prompt = decision.prompt else { return Expected(decision: "upToDate") }
        var text: [String: String]?
        if let override = prompt.text {
            text = [:]
            text?["title"] = override.title
            text?["message"] = override.message
        }
        return Expected(
            decision: prompt.kind.rawValue, reason: prompt.reason == .none ? nil : prompt.reason.rawValue,
            targetVersion: prompt.targetVersion?.description, targetBuild: prompt.targetBuild?.description,
            updateURL: prompt.updateURL?.absoluteString, minimumOS: prompt.minimumOS?.description,
            releaseNotes: prompt.releaseNotes, text: text, endOfLifeMessage: prompt.endOfLifeMessage,
            maintenance: prompt.maintenance.map(window),
            osSupportEnds: prompt.osSupportEnds.map { ["below": $0.below.description, "after": $0.after.formatted(.iso8601)] },
            reminderInterval: prompt.reminderInterval)
    }

    private static func window(_ window: MaintenanceWindow) -> [String: String] {
        var fields = ["start": window.start.formatted(.iso8601), "message": window.message]
        fields["end"] = window.end?.formatted(.iso8601)
        fields["url"] = window.url?.absoluteString
        return fields
    }
}
