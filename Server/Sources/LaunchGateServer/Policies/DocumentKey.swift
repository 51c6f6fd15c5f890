import LaunchGate

/// Identifies one cached document.
struct DocumentKey: Hashable, Sendable {
    var app: String
    var channel: ReleaseChannel
    var platform: Platform?
    var format: DocumentFormat
}
