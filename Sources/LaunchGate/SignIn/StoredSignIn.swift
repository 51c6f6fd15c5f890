import Foundation

/// What ``FileSessionStore`` and ``KeychainSessionStore`` write: a session or a device ID, as
/// versioned JSON so a later SDK can read an earlier one's.
struct StoredSignIn: Codable, Equatable {
    static let currentVersion = 1

    var version = currentVersion
    var deviceID: DeviceID?
    var session: SignInSession?

    static func encode(_ value: StoredSignIn) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    /// The stored value, or `nil` for bytes that can't be read as one (damaged, or from a newer
    /// SDK): the user signs in again rather than the app failing to start.
    static func decode(_ data: Data) -> StoredSignIn? {
        guard let value = try? JSONDecoder().decode(StoredSignIn.self, from: data), value.version == currentVersion else { return nil }
        return value
    }
}
