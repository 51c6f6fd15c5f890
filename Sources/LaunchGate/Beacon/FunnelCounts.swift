import Foundation

/// One policy revision's prompt counts, as the install beacon sends them and the server reads them.
///
/// On the wire, a flat object with the revision, its channel and every count above zero:
/// `{"revision": 12, "channel": "beta", "banner": 3, "update": 1}`. Revisions are numbered per
/// channel, so the channel says whose revision 12 it is. Decoding is strict, since the server
/// reads it from untrusted requests: an unknown key or channel, a negative count or a revision
/// below 1 is refused. A missing channel reads as production, and production's is never written:
/// servers before the channel refuse it as an unknown key, and would turn away the whole ping.
public struct FunnelCounts: Sendable, Hashable, Codable {
    /// The policy revision the prompts came from (``PolicySubject/revision``).
    public var revision: Int
    /// The release channel whose revision it is (``PolicySubject/channel``).
    public var channel: ReleaseChannel
    /// How many times each event happened; a missing event is zero.
    public var counts: [PromptFunnel.Event: Int]

    /// Creates counts.
    /// - Parameters:
    ///   - revision: The policy revision.
    ///   - channel: The channel the revision was published on.
    ///   - counts: The counts by event.
    public init(revision: Int, channel: ReleaseChannel = .production, counts: [PromptFunnel.Event: Int] = [:]) {
        self.revision = revision
        self.channel = channel
        self.counts = counts
    }

    /// The count of one event, zero when it never happened.
    public subscript(event: PromptFunnel.Event) -> Int {
        get { counts[event] ?? 0 }
        set { counts[event] = newValue }
    }

    /// Whether every count is zero.
    public var isEmpty: Bool { counts.values.allSatisfy { $0 == 0 } }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes counts, refusing unknown keys and channels, negative counts and revisions below 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        revision = try container.decode(Int.self, forKey: Key("revision"))
        guard revision >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: Key("revision"), in: container, debugDescription: "revision must be 1 or more")
        }
        // Production when missing: the SDKs that sent no channel were all but always on it.
        // Missing is not null: a null channel is refused like any other wrong value.
        channel = container.contains(Key("channel")) ? try container.decode(ReleaseChannel.self, forKey: Key("channel")) : .production
        var counts: [PromptFunnel.Event: Int] = [:]
        for key in container.allKeys where key.stringValue != "revision" && key.stringValue != "channel" {
            guard let event = PromptFunnel.Event(rawValue: key.stringValue) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "unknown count \"\(key.stringValue)\"")
            }
            let count = try container.decode(Int.self, forKey: key)
            guard count >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a count can't be negative")
            }
            counts[event] = count
        }
        self.counts = counts
    }

    /// Encodes the revision, the channel unless it is production, and the counts above zero, in a fixed order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(revision, forKey: Key("revision"))
        // Left out for production, which a missing channel already means: a server from before
        // the channel (s14) reads counts strictly, and one unknown key refuses the ping, adoption and all.
        if channel != .production { try container.encode(channel, forKey: Key("channel")) }
        for event in PromptFunnel.Event.allCases where self[event] > 0 {
            try container.encode(self[event], forKey: Key(event.rawValue))
        }
    }
}
