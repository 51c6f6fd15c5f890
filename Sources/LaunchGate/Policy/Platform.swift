/// A platform a policy can address. The raw value is the key used in every JSON format.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// iPhone.
    case ios
    /// iPad, when it is released separately from iPhone.
    case ipados
    /// Mac.
    case macos
    /// Apple TV.
    case tvos
    /// Apple Watch.
    case watchos
    /// Apple Vision Pro.
    case visionos
    /// Android, for teams that serve both stores from one policy.
    case android

    /// Reads a platform name, failing with the list of names that are known.
    /// - Parameter name: A platform key such as `ios`; matched without regard to case.
    /// - Throws: ``PolicyError`` with code ``PolicyError/Code/unknownPlatform``.
    public init(validating name: String) throws {
        guard let platform = Platform(rawValue: name.lowercased()) else {
            let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
            throw PolicyError(.unknownPlatform, field: name, "unknown platform \"\(name.prefix(40))\"; expected one of \(known)")
        }
        self = platform
    }

    /// The platform's key.
    public var description: String { rawValue }
}
