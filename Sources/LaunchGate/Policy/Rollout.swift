import Foundation

/// How much of the installed base is offered an optional update so far.
///
/// Required updates are never phased: a rollout limits only the banner and the recommended prompt.
public enum Rollout: Sendable, Hashable {
    /// A fixed share of installs, from 0 to 100.
    case percentage(Double)
    /// Apple's phased release: 1, 2, 5, 10, 20, 50 and 100 % over seven days from the release date.
    case applePhased

    /// Apple's daily percentages, day 1 first.
    public static let applePhasedSchedule: [Double] = [1, 2, 5, 10, 20, 50, 100]

    /// The share of installs offered the update at a moment.
    /// - Parameters:
    ///   - date: The moment to evaluate.
    ///   - releaseDate: When the release shipped; without it a phased rollout is complete.
    /// - Returns: A percentage from 0 to 100.
    public func percentage(at date: Date, releaseDate: Date?) -> Double {
        switch self {
        case .percentage(let value):
            return min(max(value, 0), 100)
        case .applePhased:
            guard let releaseDate else { return 100 }
            let elapsed = date.timeIntervalSince(releaseDate)
            guard elapsed >= 0 else { return 0 }
            let day = Int(elapsed / 86_400)
            return Self.applePhasedSchedule[min(day, Self.applePhasedSchedule.count - 1)]
        }
    }
}

extension Rollout: Codable {
    private enum CodingKeys: String, CodingKey { case percentage, schedule }
    private static let appleSchedule = "apple-phased"

    /// Decodes `{"percentage": 25}` or `{"schedule": "apple-phased"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Double.self, forKey: .percentage) {
            self = .percentage(value)
        } else if let schedule = try container.decodeIfPresent(String.self, forKey: .schedule) {
            guard schedule == Self.appleSchedule else {
                throw DecodingError.dataCorruptedError(forKey: .schedule, in: container,
                    debugDescription: "unknown rollout schedule \"\(schedule.prefix(40))\"; expected \"apple-phased\"")
            }
            self = .applePhased
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a rollout needs \"percentage\" or \"schedule\""))
        }
    }

    /// Encodes the rollout in the shape it is decoded from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .percentage(let value): try container.encode(value, forKey: .percentage)
        case .applePhased: try container.encode(Self.appleSchedule, forKey: .schedule)
        }
    }
}
