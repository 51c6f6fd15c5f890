import Foundation

/// The install beacon's body: the prompt counts per policy revision since the last accepted ping.
///
/// On the wire: `{"funnel": [{"revision": 12, "banner": 3, "update": 1}, {"revision": 4, "channel": "beta", "banner": 1}]}`.
/// The revisions are listed in the order the SDK last counted them, the latest last: the server
/// takes the channel an install was prompted on from that. The SDK writes it and the server reads
/// it with this one type. Decoding is strict: unknown keys, more than
/// ``PromptFunnel/maximumRevisions`` revisions or a channel's revision named twice are refused.
public struct FunnelReport: Sendable, Hashable, Codable {
    /// The counts, one entry per revision.
    public var revisions: [FunnelCounts]

    /// Creates a report.
    /// - Parameter revisions: The counts, one entry per revision.
    public init(revisions: [FunnelCounts]) {
        self.revisions = revisions
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { revisions.allSatisfy(\.isEmpty) }

    private enum CodingKeys: String, CodingKey { case funnel }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a report, refusing unknown keys, too many revisions and duplicates.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys
        if let unknown = keys.first(where: { $0.stringValue != CodingKeys.funnel.rawValue }) {
            throw DecodingError.dataCorrupted(.init(codingPath: [unknown], debugDescription: "unknown key \"\(unknown.stringValue)\""))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revisions = try container.decode([FunnelCounts].self, forKey: .funnel)
        guard revisions.count <= PromptFunnel.maximumRevisions else {
            throw DecodingError.dataCorruptedError(forKey: .funnel, in: container,
                                                   debugDescription: "at most \(PromptFunnel.maximumRevisions) revisions")
        }
        guard Set(revisions.map { "\($0.channel.rawValue) \($0.revision)" }).count == revisions.count else {
            throw DecodingError.dataCorruptedError(forKey: .funnel, in: container, debugDescription: "a revision is named twice")
        }
    }

    /// Encodes the report.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revisions, forKey: .funnel)
    }
}
