import LaunchGateStorage

/// What webhooks refuse or fail at, without HTTP vocabulary.
public struct WebhookError: LaunchGateFailure, Equatable {
    private enum Reason: Equatable {
        case invalidURL(String)
        case refusedAddress(host: String, address: String)
        case unresolved(host: String)
        case unknownEvent(String)
        case payloadTooLarge(bytes: Int, limit: Int)
        case tooManyRedirects
        case queueFull
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The endpoint's URL can't be used.
    public static func invalidURL(_ why: String) -> WebhookError { .init(.invalidURL(why)) }
    /// The host resolved to an address webhooks may not reach.
    public static func refusedAddress(host: String, address: String) -> WebhookError { .init(.refusedAddress(host: host, address: address)) }
    /// The host didn't resolve.
    public static func unresolved(host: String) -> WebhookError { .init(.unresolved(host: host)) }
    /// An event type in `--events` that doesn't exist.
    public static func unknownEvent(_ name: String) -> WebhookError { .init(.unknownEvent(name)) }
    /// An event body over the limit.
    public static func payloadTooLarge(bytes: Int, limit: Int) -> WebhookError { .init(.payloadTooLarge(bytes: bytes, limit: limit)) }
    /// More than ``WebhookHTTPTransport/maximumRedirects`` redirects.
    public static let tooManyRedirects = WebhookError(.tooManyRedirects)
    /// The endpoint already has ``WebhookLimits/pendingPerEndpoint`` deliveries waiting.
    public static let queueFull = WebhookError(.queueFull)

    /// See ``LaunchGateFailure/code``.
    public var code: String {
        switch reason {
        case .invalidURL: "invalid-webhook-url"
        case .refusedAddress: "webhook-address-refused"
        case .unresolved: "webhook-host-unresolved"
        case .unknownEvent: "unknown-webhook-event"
        case .payloadTooLarge: "webhook-payload-too-large"
        case .tooManyRedirects: "webhook-too-many-redirects"
        case .queueFull: "webhook-queue-full"
        }
    }

    /// See ``LaunchGateFailure/message``.
    public var message: String {
        switch reason {
        case .invalidURL(let why): "the webhook URL can't be used: \(why)"
        case .refusedAddress(let host, let address):
            "\(host.prefix(253)) resolves to \(address), a loopback, private or link-local address; webhooks may only reach public ones (serve --webhook-allow-private allows them)"
        case .unresolved(let host): "\(host.prefix(253)) does not resolve"
        case .unknownEvent(let name):
            "no event \"\(name.prefix(64))\"; the events are \(WebhookEventType.allCases.filter { $0 != .test }.map(\.rawValue).joined(separator: ", "))"
        case .payloadTooLarge(let bytes, let limit): "the event is \(bytes) bytes; webhooks carry at most \(limit)"
        case .tooManyRedirects: "the endpoint redirected more than 3 times"
        case .queueFull: "the endpoint already has as many deliveries waiting as it may; nothing was queued, try again once they are sent"
        }
    }

    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind {
        switch reason {
        case .invalidURL, .refusedAddress, .unknownEvent, .tooManyRedirects: .invalidInput
        case .queueFull: .unavailable
        case .unresolved: .unavailable
        case .payloadTooLarge: .tooLarge
        }
    }
}
