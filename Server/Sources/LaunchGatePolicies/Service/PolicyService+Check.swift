import Foundation
@_spi(LaunchGateServer) import LaunchGate
import NIOCore

/// `/check`'s answers: evaluated with the SDK's own evaluator, encoded once per
/// ``CheckAnswerKey`` and kept until the next change, so installs that would get the same answer
/// share its bytes.
extension PolicyService {
    /// The encoded answer to a `/check` request, from memory or evaluated, encoded and kept.
    /// - Parameters:
    ///   - app: The app named in the path.
    ///   - query: The request's query.
    ///   - header: The request's parsed `LaunchGate-Client` header; read only when the query
    ///     leaves an ID out and the policy makes IDs matter.
    /// - Returns: The JSON body of the answer.
    /// - Throws: ``ServiceError`` `app-not-found` or `no-policy`.
    package func checkAnswer(app: String, query: CheckQuery, header: () -> ClientHeader?) async throws -> ByteBuffer {
        let generation = cache.generation
        let policy = try await served(app: app, channel: query.channel)
        let now = now()
        let key = CheckAnswerKey(app: app, query: query, policy: policy, now: now, header: header)
        if let cached = cache.answer(for: key) { return cached }
        let ids = query.identity(header: header)
        let context = EvaluationContext(version: query.version, build: query.build, platform: query.platform, osVersion: query.os,
                                        installID: ids.install, deviceID: ids.device,
                                        preferredLanguages: query.languages.isEmpty ? ["en"] : query.languages, now: now)
        // The default texts follow the same languages as the policy's own, as the SDK's do; the
        // language list is part of the answer's key.
        let answer = CheckAnswer(UpdateEvaluator().evaluate(policy, for: context), platform: query.platform,
                                 strings: LaunchGateStrings.forLanguages(context.preferredLanguages))
        let body = ByteBuffer(bytes: try Self.checkEncoder.encode(answer))
        cache.store(body, for: key, builtIn: generation)
        return body
    }

    /// The answer ``checkAnswer(app:query:header:)`` encoded for this request's key since the
    /// last change, or `nil`: memory only, never the database, so the hot path can ask without
    /// waiting.
    package func preparedCheckAnswer(app: String, query: CheckQuery, header: () -> ClientHeader?) -> ByteBuffer? {
        guard let policy = cache.policy(for: ServedPolicyKey(app: app, channel: query.channel)) else { return nil }
        return cache.answer(for: CheckAnswerKey(app: app, query: query, policy: policy, now: now(), header: header))
    }

    /// Sorted keys, so equal answers are equal bytes.
    private static var checkEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
