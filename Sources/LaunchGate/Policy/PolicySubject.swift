/// What a signed policy is about: which app, channel and platform it was issued for.
///
/// A signature only proves who wrote the bytes. Without the subject inside them, a proxy could
/// replay the server's own validly signed Android or beta document to an iOS production client
/// and turn "update required" into "up to date". ``PolicyFetcher`` compares the subject with what
/// its ``PolicySource`` expects whenever a signature is required.
///
/// On the wire: `"subject": {"app": "notes", "channel": "production", "platform": "ios", "revision": 12}`.
public struct PolicySubject: Sendable, Hashable, Codable {
    /// The app's identifier on the server, as in `/v1/apps/{app}/policy`.
    public var app: String
    /// The release channel the document was issued for.
    public var channel: ReleaseChannel
    /// The one platform the document was narrowed to, or `nil` when it covers every platform.
    public var platform: Platform?
    /// The number of the published revision this document is, so the SDK can say which policy a
    /// prompt came from (``PromptFunnel``); `nil` in documents from older servers and static files.
    /// Inside the signed bytes like the rest, so a proxy can't credit one revision's prompts to another.
    public var revision: Int?

    /// Creates a subject.
    /// - Parameters:
    ///   - app: The app's identifier.
    ///   - channel: The release channel.
    ///   - platform: The platform, or `nil` for a document that covers every platform.
    ///   - revision: The published revision's number, or `nil` when unknown.
    public init(app: String, channel: ReleaseChannel = .production, platform: Platform? = nil, revision: Int? = nil) {
        self.app = app
        self.channel = channel
        self.platform = platform
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey { case app, channel, platform, revision }

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
        revision = try container.decodeIfPresent(Int.self, forKey: .revision)
        if let revision, revision < 1 { throw PolicyError(.invalidValue, field: "subject.revision", "must be 1 or more") }
    }

    /// Encodes the subject, leaving `platform` out when the document covers every platform.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(channel, forKey: .channel)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encodeIfPresent(revision, forKey: .revision)
    }
}
