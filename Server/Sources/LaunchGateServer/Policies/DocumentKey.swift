import LaunchGate

/// Identifies one cached document.
struct DocumentKey: Hashable, Sendable {
    var app: String
    var channel: ReleaseChannel
    var platform: Platform?
    var format: DocumentFormat
    /// Exempt installs get a document that says nothing, never cached by shared caches.
    var exempt: Bool
}
