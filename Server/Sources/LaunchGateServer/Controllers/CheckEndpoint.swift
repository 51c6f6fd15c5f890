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

    /// Languages read from `lang` at the most, each at most 35 bytes (BCP 47's practical limit).
    static let maximumLanguages = 8

    func check(_ request: Request, app: String) async throws -> Response {
        let query = request.uri.queryParameters
        guard let version = try RequestValues.version(query.get("version"), name: "version") else { throw InputError.missingVersion }
        let build: BuildNumber?
        do { build = try query.get("build").flatMap { $0.isEmpty ? nil : try BuildNumber(parsing: $0) } } catch {
            throw InputError.invalidVersion("build", "\(error)")
        }
        let platform = try RequestValues.platform(request) ?? .ios
        let channel = try RequestValues.channel(request)
        let os = try RequestValues.version(query.get("os"), name: "os")
        let header = request.headers[RequestValues.clientHeader].flatMap(ClientHeader.parse)
        let install = query.get("install") ?? header?.install ?? ""
        let device = query.get("device") ?? header?.device
        let languages = (query.get("lang") ?? "en").split(separator: ",").prefix(Self.maximumLanguages)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.utf8.count <= 35 }
        let generation = policies.cache.generation
        let policy = try await policies.served(app: app, channel: channel)
        let now = policies.now()
        let key = CheckAnswerKey(
            app: app, channel: channel, platform: platform, version: version, build: build, os: os, languages: languages,
            exempt: policy.exemptions?.contains(installID: install, deviceID: device) ?? false,
            inRollout: policy.policy(for: platform)?.includesInRollout(installID: install, at: now) ?? true)
        let body: ByteBuffer
        if let cached = policies.cache.answer(for: key) {
            body = cached
        } else {
            let context = EvaluationContext(version: version, build: build, platform: platform, osVersion: os, installID: install,
                                            deviceID: device, preferredLanguages: languages.isEmpty ? ["en"] : languages, now: now)
            body = try RequestValues.jsonBytes(answer(for: UpdateEvaluator().evaluate(policy, for: context), platform: platform))
            policies.cache.store(body, for: key, builtIn: generation)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
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
