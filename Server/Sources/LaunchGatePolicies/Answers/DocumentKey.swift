import LaunchGate

/// Identifies one cached document.
package struct DocumentKey: Hashable, Sendable {
    package var app: String
    package var channel: ReleaseChannel
    package var platform: Platform?
    package var format: DocumentFormat

    /// Creates the value from its properties.
    package init(app: String, channel: ReleaseChannel, platform: Platform? = nil, format: DocumentFormat) {
        self.app = app
        self.channel = channel
        self.platform = platform
        self.format = format
    }
}
