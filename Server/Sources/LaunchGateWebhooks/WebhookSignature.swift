import Crypto
import Foundation

/// The Standard Webhooks headers of one delivery, the one type that both renders them (the
/// sender) and checks them (tests, and the snippet in docs/webhooks.md does the same):
///
///     webhook-id: msg_…
///     webhook-timestamp: 1700000000
///     webhook-signature: v1,<base64 of HMAC-SHA256(secret, "id.timestamp.body")>
///
/// The timestamp is inside the MAC, so a receiver that refuses old timestamps refuses replays of
/// a captured delivery; the ID is inside it, so a receiver that remembers IDs drops duplicates.
public struct WebhookSignature: Sendable, Equatable {
    /// The header names, lowercase as HTTP/2 sends them.
    public static let idHeader = "webhook-id"
    /// See ``idHeader``.
    public static let timestampHeader = "webhook-timestamp"
    /// See ``idHeader``.
    public static let signatureHeader = "webhook-signature"
    /// How far a timestamp may be from the receiver's clock, the spec's suggested tolerance.
    public static let tolerance: TimeInterval = 5 * 60

    /// The event's ID.
    public let id: String
    /// Whole seconds since 1970 when the attempt was signed.
    public let timestamp: Int64
    /// `v1,` and the base64 MAC; a receiver may get several, space-separated, during a secret's rotation.
    public let signature: String

    /// Signs a body.
    /// - Parameters:
    ///   - body: The exact bytes posted.
    ///   - id: The event's ID.
    ///   - timestamp: When the attempt is made.
    ///   - secret: The endpoint's secret.
    public init(body: Data, id: String, timestamp: Date, secret: WebhookSecret) {
        self.id = id
        self.timestamp = Int64(timestamp.timeIntervalSince1970.rounded(.down))
        self.signature = "v1," + Self.mac(body: body, id: id, timestamp: self.timestamp, secret: secret)
    }

    /// Reads the headers of a delivery received.
    /// - Returns: `nil` when one is missing or the timestamp isn't a number.
    public init?(headers: (String) -> String?) {
        guard let id = headers(Self.idHeader), let stamp = headers(Self.timestampHeader).flatMap({ Int64($0) }),
              let signature = headers(Self.signatureHeader) else { return nil }
        self.id = id
        self.timestamp = stamp
        self.signature = signature
    }

    /// The headers to send, in order.
    public var headers: [(name: String, value: String)] {
        [(Self.idHeader, id), (Self.timestampHeader, String(timestamp)), (Self.signatureHeader, signature)]
    }

    /// Whether `body` is what `secret` signed under these headers, within ``tolerance`` of `now`.
    /// The MACs are compared in constant time.
    public func verifies(body: Data, secret: WebhookSecret, now: Date) -> Bool {
        guard abs(now.timeIntervalSince1970 - Double(timestamp)) <= Self.tolerance else { return false }
        let expected = Data(Self.mac(body: body, id: id, timestamp: timestamp, secret: secret).utf8)
        return signature.split(separator: " ").contains { candidate in
            guard candidate.hasPrefix("v1,") else { return false }
            let given = Data(candidate.dropFirst(3).utf8)
            // Not `==`: a comparison that stops at the first difference tells a timing attacker how much matched.
            return given.count == expected.count && zip(given, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
        }
    }

    private static func mac(body: Data, id: String, timestamp: Int64, secret: WebhookSecret) -> String {
        var message = Data("\(id).\(timestamp).".utf8)
        message.append(body)
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret.key))).base64EncodedString()
    }
}
