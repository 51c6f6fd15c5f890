/// What a signed policy is about: which app, channel and platform it was issued for.
///
/// A signature only proves who wrote the bytes. Without the subject inside them, a proxy could
/// replay the server's own validly signed Android or beta document to an iOS production client
/// and turn "update required" into "up to date". ``PolicyFetcher`` compares the subject with what
/// its ``PolicySource`` expects whenever a signature is required.
///
/// On the wire: `"subject": {"app": "notes", "channel": "production", "platform": "ios"}`.
public struct PolicySubject: Sendable, Hashable, Codable {
    /// The app's identifier on the server, as in `/v1/apps/{app}/policy`.
    public var app: String
    /// The release channel the document was issued for.
    public var channel: ReleaseChannel
    /// The one platform the document was narrowed to, or `nil` when it covers every platform.
    public var platform: Platform?

    /// Creates a subject.
    /// - Parameters:
    ///   - app: The app's identifier.
    ///   - channel: The release channel.
    ///   - platform: The platform, or `nil` for a document that covers every platform.
    public init(app: String, channel: ReleaseChannel = .production, platform: Platform? = nil) {
        self.app = app
        self.channel = channel
        self.platform = platform
    }

    private enum CodingKeys: String, CodingKey { case app, channel, platform }

    /// Decodes the subject, reading the platform with the same rules as the `platforms` keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        app = try container.decode(String.self, forKey: .app)
        channel = try container.decode(ReleaseChannel.self, forKey: .channel)
        platform = try container.decodeIfPresent(String.self, forKey: .platform).map { name in
            do { return try Platform(validating: name) } catch let error as PolicyError {
                throw PolicyError(error.code, field: "subject.platform", error.reason)
            }
        }
    }

    /// Encodes the subject, leaving `platform` out when the document covers every platform.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(channel, forKey: .channel)
        try container.encodeIfPresent(platform, forKey: .platform)
    }
}
