import Foundation
import HTTPTypes
import Hummingbird
@_spi(LaunchGateServer) import LaunchGate

/// `GET /v1/apps/{app}/check`: the SDK's own decision and screen texts, for thin clients.
struct CheckEndpoint {
    let policies: PolicyService
    let sightings: SightingIntake?

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

    func check(_ request: Request, app: String, peer: String?) async throws -> Response {
        let query = try CheckQuery(uri: request.uri)
        let generation = policies.cache.generation
        let policy = try await policies.served(app: app, channel: query.channel)
        let now = policies.now()
        let header = { request.headers[RequestValues.clientHeader].flatMap(ClientHeader.parse) }
        let key = CheckAnswerKey(app: app, query: query, policy: policy, now: now, header: header)
        let body: ByteBuffer
        if let cached = policies.cache.answer(for: key) {
            body = cached
        } else {
            let ids = query.identity(header: header)
            let context = EvaluationContext(version: query.version, build: query.build, platform: query.platform, osVersion: query.os,
                                            installID: ids.install, deviceID: ids.device,
                                            preferredLanguages: query.languages.isEmpty ? ["en"] : query.languages, now: now)
            // The default texts follow the same languages as the policy's own, as the SDK's do; the
            // language list is part of the answer's cache key.
            let strings = LaunchGateStrings.forLanguages(context.preferredLanguages)
            body = try RequestValues.jsonBytes(answer(for: UpdateEvaluator().evaluate(policy, for: context), platform: query.platform,
                                                      strings: strings))
            policies.cache.store(body, for: key, builtIn: generation)
        }
        if let sightings, let client = request.headers[RequestValues.clientHeader] {
            sightings.note(app: app, header: client, peer: peer, forwardedFor: request.headers[values: .xForwardedFor])
        }
        return Response(status: .ok, headers: Self.headers, body: .init(byteBuffer: body))
    }

    /// The headers of every answer; the fast path sends the same ones.
    ///
    /// Never stored by a shared cache: without `install` or `device` in the query the answer
    /// depends on the `LaunchGate-Client` header (an exempt tester's "up to date" must not reach
    /// everyone asking the same URL), and a rollout's answer depends on the install either way.
    static let headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "private, no-store"]

    private func answer(for decision: UpdateDecision, platform: Platform, strings: LaunchGateStrings) -> Answer {
        guard let prompt = decision.prompt else {
            return Answer(decision: "upToDate", blocking: false, targetVersion: nil, updateURL: nil, screen: nil)
        }
        let style: GateScreen.Style = switch prompt.kind {
        case .updateAvailable: .dialog
        case .updateRecommended: .fullScreen
        case .updateRequired, .endOfLife, .deviceUnsupported: .blocking
        }
        let screen = GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: prompt.updateURL != nil,
                                     strings: strings)
        func action(_ action: GateAction?) -> Action? { action.map { Action(title: $0.title, role: $0.role.rawValue) } }
        return Answer(
            decision: prompt.kind.rawValue, blocking: decision.isBlocking, targetVersion: prompt.targetVersion?.description,
            updateURL: prompt.updateURL?.absoluteString,
            screen: Screen(kind: prompt.kind.rawValue, style: screen.style.rawValue, title: screen.title, message: screen.message,
                           releaseNotes: screen.releaseNotes, primaryAction: action(screen.primaryAction),
                           secondaryAction: action(screen.secondaryAction), dismissable: screen.isDismissable))
    }
}
