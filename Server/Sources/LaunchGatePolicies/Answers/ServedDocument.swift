import NIOCore

/// A document ready to send: its bytes, strong ETag and signature, computed once per publish.
public struct ServedDocument: Sendable {
    /// The body.
    public let body: ByteBuffer
    /// The strong ETag, quoted.
    public let etag: String
    /// The `LaunchGate-Signature` value, when a signing key exists.
    public let signature: String?
}
