import Crypto
import Foundation
import LaunchGateStorage

/// Turns install IDs into what storage keeps: HMAC-SHA256 under a key of its own, derived from
/// the master key with HKDF and a label used for nothing else, and never stored.
///
/// Every instance with the master key derives the same key, so they agree on an install without
/// sharing anything more. A master key that can't be read stops `serve` before it listens
/// (``prepare()``); the key is never replaced by another, which would count every install twice.
/// The app is inside the MAC, so one install ID is unlinkable across apps.
public final class InstallIDHasher: Sendable {
    /// The HKDF label; changing it would make every stored install look new.
    package static let label = "launchgate install-id hmac v1"

    private let key: DerivedKey

    /// - Parameter masterKey: Loads the master key; called until it first succeeds.
    public init(masterKey: @escaping @Sendable () throws -> MasterKey) {
        key = DerivedKey(label: Self.label, masterKey: masterKey)
    }

    /// Derives the key now, so a missing or unreadable master key stops start-up.
    /// - Throws: ``MasterKeyError`` from loading the master key.
    public func prepare() throws {
        try key.prepare()
    }

    /// The stored form of an install ID: 32 hex digits (the first 128 bits of the MAC).
    /// - Throws: ``MasterKeyError`` when the master key can't be loaded.
    public func hash(installID: String, app: String) throws -> String {
        let message = Data("\(app)\u{0}\(installID)".utf8)
        return HMAC<SHA256>.authenticationCode(for: message, using: try key.symmetricKey()).prefix(16).lowercaseHex
    }
}
