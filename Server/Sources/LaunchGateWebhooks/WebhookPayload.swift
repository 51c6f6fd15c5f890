import Foundation

/// The body of every delivery, in the Standard Webhooks shape:
///
///     {"data":{…},"timestamp":"2026-11-30T10:00:00Z","type":"policy.published"}
///
/// Keys sorted, so the same event renders to the same bytes.
public struct WebhookPayload<Payload: Encodable & Sendable>: Encodable, Sendable {
    /// The event type.
    public let type: String
    /// When it happened.
    public let timestamp: Date
    /// What happened.
    public let data: Payload

    /// Creates a payload.
    public init(type: String, timestamp: Date, data: Payload) {
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }

    /// The JSON text posted.
    public func rendered() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
