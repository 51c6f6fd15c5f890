/// What webhook storage refuses, without HTTP vocabulary.
public struct WebhookStorageError: LaunchGateFailure, Equatable {
    private enum Reason: Equatable {
        case tooManyEndpoints(app: String, limit: Int)
        case endpointNotFound(String)
        case deliveryNotFound(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The app already has `limit` active endpoints.
    public static func tooManyEndpoints(app: String, limit: Int) -> WebhookStorageError { .init(.tooManyEndpoints(app: app, limit: limit)) }
    /// No active endpoint with that ID in the app.
    public static func endpointNotFound(_ id: String) -> WebhookStorageError { .init(.endpointNotFound(id)) }
    /// No delivery with that ID in the app.
    public static func deliveryNotFound(_ id: String) -> WebhookStorageError { .init(.deliveryNotFound(id)) }

    /// See ``LaunchGateFailure/code``.
    public var code: String {
        switch reason {
        case .tooManyEndpoints: "too-many-webhooks"
        case .endpointNotFound: "webhook-not-found"
        case .deliveryNotFound: "delivery-not-found"
        }
    }

    /// See ``LaunchGateFailure/message``.
    public var message: String {
        switch reason {
        case .tooManyEndpoints(let app, let limit):
            "app \"\(app.prefix(64))\" already has \(limit) webhooks, the most it may have; remove one with 'launchgate webhooks remove'"
        case .endpointNotFound(let id): "no webhook \(id.prefix(64)); see 'launchgate webhooks list'"
        case .deliveryNotFound(let id): "no delivery \(id.prefix(64)); see 'launchgate webhooks deliveries'"
        }
    }

    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind {
        switch reason {
        case .tooManyEndpoints: .conflict
        case .endpointNotFound, .deliveryNotFound: .notFound
        }
    }
}
