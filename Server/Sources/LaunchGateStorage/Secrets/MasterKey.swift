import Crypto
import Foundation

/// The key that seals signing keys at rest (AES-256-GCM).
///
/// Read from `LAUNCHGATE_MASTER_KEY` (base64 of 32 bytes) when set, so it can live in a secret
/// manager; otherwise from a key file beside the database, created with mode 0600 on first use.
/// A database copied without its master key reveals no signing key.
///
/// An existing key file is never replaced: apps pin the public half of the signing key it seals,
/// so a new master key would make every shipped app distrust the server. Only a file that is
/// absent is created; anything else stops with a ``MasterKeyError`` that names the file.
public struct MasterKey: Sendable {
    package let key: SymmetricKey
    /// Where the key came from (the variable or the file), for messages.
    package let source: String

    /// Wraps 32 raw bytes.
    /// - Parameters:
    ///   - rawRepresentation: The key.
    ///   - source: Where it came from, named in error messages.
    /// - Throws: ``MasterKeyError`` `malformed` when the length is wrong.
    public init(rawRepresentation: Data, source: String = "the given master key") throws {
        guard rawRepresentation.count == 32 else {
            throw MasterKeyError.malformed(source: source, reason: "it decodes to \(rawRepresentation.count) bytes, not 32")
        }
        key = SymmetricKey(data: rawRepresentation)
        self.source = source
    }

    /// Loads the key from the environment value, or from the file, creating the file when allowed.
    /// - Parameters:
    ///   - environmentValue: `LAUNCHGATE_MASTER_KEY`, if set.
    ///   - file: The key file.
    ///   - create: Whether to create the file when it is absent.
    /// - Returns: The key.
    /// - Throws: ``MasterKeyError``: `malformed` for a value that is not base64 of 32 bytes,
    ///   `unreadable` for a file that exists but can't be read, `missing` for an absent file that
    ///   may not be created, `notCreated` when creating it failed. The file is never changed.
    public static func load(environmentValue: String?, file: URL, create: Bool) throws -> MasterKey {
        if let environmentValue, !environmentValue.isEmpty {
            return try decode(environmentValue, source: "LAUNCHGATE_MASTER_KEY")
        }
        let path = file.path
        // A second pass reads a file that another process created between our read and our create.
        for _ in 0..<2 {
            switch try readKeyFile(path) {
            case .contents(let data):
                guard let text = String(data: data, encoding: .utf8) else {
                    throw MasterKeyError.malformed(source: "the master key file \(path)", reason: "it is not UTF-8 text")
                }
                return try decode(text, source: "the master key file \(path)")
            case .absent:
                guard create else { throw MasterKeyError.missing(path: path) }
                let raw = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
                if try createKeyFile(path, contents: Data(raw.base64EncodedString().utf8)) {
                    return try MasterKey(rawRepresentation: raw, source: "the master key file \(path)")
                }
            }
        }
        throw MasterKeyError.notCreated(path: path, reason: "it keeps appearing and disappearing while being created")
    }

    private static func decode(_ text: String, source: String) throws -> MasterKey {
        guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw MasterKeyError.malformed(source: source, reason: "it is not base64")
        }
        return try MasterKey(rawRepresentation: raw, source: source)
    }

    /// Seals bytes. - Returns: base64 of nonce, ciphertext and tag.
    package func seal(_ plaintext: Data) throws -> String {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw MasterKeyError.sealingFailed }
        return combined.base64EncodedString()
    }

    /// Opens what ``seal(_:)`` made.
    /// - Throws: ``MasterKeyError`` `wrongKey` when this key did not seal it.
    package func open(_ sealed: String) throws -> Data {
        guard let combined = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: combined),
              let plaintext = try? AES.GCM.open(box, using: key) else {
            throw MasterKeyError.wrongKey(source: source)
        }
        return plaintext
    }
}
