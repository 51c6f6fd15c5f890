import LaunchGate

/// The stored form of a reason and a jump: an object whose `kind` names the case, beside the case's
/// own named values (`{"kind":"held","trusted":"12.0.0","jump":{"kind":"majors","count":5}}`),
/// written out here rather than left to Swift's synthesis, whose `{"majors":{"_0":5}}` follows the
/// case's declaration and would change the stored format with it (attack s16, 8).
extension IgnoredAnswer.Reason: Codable {
    private enum Kind: String, Codable {
        case stale, implausible, tooManyComponents, held, belowPublished, recorded
    }

    private enum Keys: String, CodingKey {
        case kind, floor, maximumComponent, maximum, trusted, jump, latest, text
    }

    /// Reads a stored reason.
    /// - Throws: `DecodingError` for an unknown kind or a missing value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .stale: self = .stale(floor: try container.decode(AppVersion.self, forKey: .floor))
        case .implausible: self = .implausible(maximumComponent: try container.decode(Int.self, forKey: .maximumComponent))
        case .tooManyComponents: self = .tooManyComponents(maximum: try container.decode(Int.self, forKey: .maximum))
        case .held: self = .held(trusted: try container.decode(AppVersion.self, forKey: .trusted),
                                 jump: try container.decode(IgnoredAnswer.Jump.self, forKey: .jump))
        case .belowPublished: self = .belowPublished(latest: try container.decode(AppVersion.self, forKey: .latest))
        case .recorded: self = .recorded(try container.decode(String.self, forKey: .text))
        }
    }

    /// Writes the reason in its stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .stale(let floor):
            try container.encode(Kind.stale, forKey: .kind)
            try container.encode(floor, forKey: .floor)
        case .implausible(let maximumComponent):
            try container.encode(Kind.implausible, forKey: .kind)
            try container.encode(maximumComponent, forKey: .maximumComponent)
        case .tooManyComponents(let maximum):
            try container.encode(Kind.tooManyComponents, forKey: .kind)
            try container.encode(maximum, forKey: .maximum)
        case .held(let trusted, let jump):
            try container.encode(Kind.held, forKey: .kind)
            try container.encode(trusted, forKey: .trusted)
            try container.encode(jump, forKey: .jump)
        case .belowPublished(let latest):
            try container.encode(Kind.belowPublished, forKey: .kind)
            try container.encode(latest, forKey: .latest)
        case .recorded(let text):
            try container.encode(Kind.recorded, forKey: .kind)
            try container.encode(text, forKey: .text)
        }
    }
}

extension IgnoredAnswer.Jump: Codable {
    private enum Kind: String, Codable {
        case majors, minorFactor
    }

    private enum Keys: String, CodingKey {
        case kind, count, factor
    }

    /// Reads a stored jump.
    /// - Throws: `DecodingError` for an unknown kind or a missing value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .majors: self = .majors(try container.decode(Int.self, forKey: .count))
        case .minorFactor: self = .minorFactor(try container.decode(Int.self, forKey: .factor))
        }
    }

    /// Writes the jump in its stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .majors(let count):
            try container.encode(Kind.majors, forKey: .kind)
            try container.encode(count, forKey: .count)
        case .minorFactor(let factor):
            try container.encode(Kind.minorFactor, forKey: .kind)
            try container.encode(factor, forKey: .factor)
        }
    }
}
