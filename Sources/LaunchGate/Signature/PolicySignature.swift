import Foundation

/// A detached Ed25519 signature over the exact bytes of a policy document.
///
/// On the wire it is `ed25519=` followed by the base64 signature, carried either in the
/// `LaunchGate-Signature` response header (when a server serves the policy) or as the whole
/// content of a file named like the document plus `.sig` (`policy.json.sig`), for static
/// hosting on S3, a CDN or GitHub. See `docs/policy-format.md`.
public struct PolicySignature: Sendable, Hashable, CustomStringConvertible {
    /// The response header that carries the signature.
    public static let headerName = "LaunchGate-Signature"
    /// The suffix of the sidecar file beside a static document.
    public static let sidecarSuffix = ".sig"
    private static let prefix = "ed25519="

    /// The 64 signature bytes.
    public let bytes: Data

    /// Wraps raw signature bytes.
    /// - Parameter bytes: The signature.
    public init(bytes: Data) { self.bytes = bytes }

    /// Reads the wire form, from a header value or a `.sig` file's text.
    /// - Parameter text: `ed25519=<base64>`, surrounding white space allowed.
    /// - Returns: `nil` when the text is not a signature in this format.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix(Self.prefix),
              let bytes = Data(base64Encoded: String(trimmed.dropFirst(Self.prefix.count))), bytes.count == 64 else { return nil }
        self.bytes = bytes
    }

    /// The wire form, `ed25519=<base64>`.
    public var description: String { Self.prefix + bytes.base64EncodedString() }

    /// Where the sidecar signature of a static document lives: its path plus `.sig`.
    /// - Parameter documentURL: The document's URL.
    /// - Returns: The sidecar URL, keeping any query.
    public static func sidecarURL(for documentURL: URL) -> URL {
        guard var components = URLComponents(url: documentURL, resolvingAgainstBaseURL: false) else {
            return URL(string: documentURL.absoluteString + sidecarSuffix) ?? documentURL
        }
        components.percentEncodedPath += sidecarSuffix
        return components.url ?? documentURL
    }

    /// Whether any of the keys signed these bytes.
    /// - Parameters:
    ///   - data: The exact bytes received.
    ///   - keys: The pinned keys.
    /// - Returns: `true` when one of them verifies.
    public func isValid(for data: Data, keys: [PolicyPublicKey]) -> Bool {
        keys.contains { $0.isValidSignature(bytes, for: data) }
    }
}
