import Foundation
import LaunchGateStorage

/// An endpoint's signing secret in the Standard Webhooks form: `whsec_` and the base64 of 32
/// random bytes. Shown once, when the endpoint is added; stored sealed under the master key.
public struct WebhookSecret: Sendable, Equatable {
    /// The prefix Standard Webhooks libraries strip before decoding the key.
    public static let prefix = "whsec_"
    /// The key's length in bytes.
    public static let byteCount = 32

    /// The key bytes the HMAC is computed with.
    public let key: Data

    /// A new secret drawn from `random`.
    /// - Parameter random: The source of the key's bytes (a scripted one in tests).
    public init(random: any RandomSource) {
        key = Data(random.bytes(Self.byteCount))
    }

    /// A secret from its key bytes (as unsealed from storage).
    public init(key: Data) { self.key = key }

    /// Reads a secret in its text form.
    /// - Parameter text: `whsec_` followed by base64.
    /// - Returns: `nil` when `text` isn't of that form.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))), !key.isEmpty else {
            return nil
        }
        self.key = key
    }

    /// The text form an operator copies into the receiver's configuration.
    public var text: String { Self.prefix + key.base64EncodedString() }
}
