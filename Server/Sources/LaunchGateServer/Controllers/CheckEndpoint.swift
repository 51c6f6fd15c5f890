import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// `GET /v1/apps/{app}/check`: the SDK's own decision and screen texts, for thin clients.
struct CheckEndpoint {
    let policies: PolicyService

    struct Action: Encodable {
        let title: String
        let role: String
    }

    struct Screen: Encodable {
        let kind: String
        let style: String
        let title: String
        let message: String
        let releaseNotes: String?
        let primaryAction: Action?
        let secondaryAction: Action?
        let dismissable: Bool
    }

    struct Answer: Encodable {
        let decision: String
        let blocking: Bool
        let targetVersion: String?
        let updateURL: String?
        let screen: Screen?
    }

    func check(_ request: Request, app: String) async throws -> Response {
        let query = request.uri.queryParameters
        guard let version = try RequestValues.version(query.get("version"), name: "version") else {
            throw InputError.missingVersion
        }
        let build: BuildNumber?
        do { build = try query.get("build").flatMap { $0.isEmpty ? nil : try BuildNumber(parsing: $0) } } catch {
            throw InputError.invalidVersion("build", "\(error)")
        }
        let platform = try RequestValues.platform(request) ?? .ios
        let install = query.get("install") ?? RequestValues.clientField(request, "install")
        let device = query.get("device") ?? RequestValues.clientField(request, "device")
        let policy = try await policies.served(app: app, channel: RequestValues.channel(request))
        let exempt = try await policies.exemptions.isExempt(app: app, install: install, device: device)
        let context = EvaluationContext(
            version: version, build: build, platform: platform, osVersion: try RequestValues.version(query.get("os"), name: "os"),
            installID: install ?? "", preferredLanguages: (query.get("lang") ?? "en").split(separator: ",").map(String.init),
            now: policies.now())
        let decision = UpdateEvaluator(isExempt: { _ in exempt }).evaluate(policy, for: context)
        return try RequestValues.json(answer(for: decision, platform: platform))
    }

    private func answer(for decision: UpdateDecision, platform: Platform) -> Answer {
        guard let prompt = decision.prompt else {
            return Answer(decision: "upToDate", blocking: false, targetVersion: nil, updateURL: nil, screen: nil)
        }
        let style: GateScreen.Style = switch prompt.kind {
        case .updateAvailable: .dialog
        case .updateRecommended: .fullScreen
        case .updateRequired, .endOfLife, .deviceUnsupported: .blocking
        }
        let screen = GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: prompt.updateURL != nil)
        func action(_ action: GateAction?) -> Action? { action.map { Action(title: $0.title, role: $0.role.rawValue) } }
        return Answer(
            decision: prompt.kind.rawValue, blocking: decision.isBlocking, targetVersion: prompt.targetVersion?.description,
            updateURL: prompt.updateURL?.absoluteString,
            screen: Screen(kind: prompt.kind.rawValue, style: screen.style.rawValue, title: screen.title, message: screen.message,
                           releaseNotes: screen.releaseNotes, primaryAction: action(screen.primaryAction),
                           secondaryAction: action(screen.secondaryAction), dismissable: screen.isDismissable))
    }
}
