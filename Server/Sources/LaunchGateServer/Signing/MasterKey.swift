import Crypto
import Foundation

/// The key that seals signing keys at rest (AES-256-GCM).
///
/// Read from `LAUNCHGATE_MASTER_KEY` (base64 of 32 bytes) when set, so it can live in a secret
/// manager; otherwise from a key file beside the database, created with mode 0600 on first use.
/// A database copied without its master key reveals no signing key.
public struct MasterKey: Sendable {
    let key: SymmetricKey

    /// Wraps 32 raw bytes.
    /// - Throws: ``ServerError`` when the length is wrong.
    public init(rawRepresentation: Data) throws {
        guard rawRepresentation.count == 32 else {
            throw ServerError.badRequest("the master key must be 32 bytes (base64 of 32 random bytes); it is \(rawRepresentation.count)")
        }
        key = SymmetricKey(data: rawRepresentation)
    }

    /// Loads the key from the environment value, or from the file, creating the file when allowed.
    /// - Parameters:
    ///   - environmentValue: `LAUNCHGATE_MASTER_KEY`, if set.
    ///   - file: The key file.
    ///   - create: Whether to create the file when missing.
    /// - Returns: The key.
    /// - Throws: ``ServerError`` when the value is malformed or the file is missing and may not be created.
    public static func load(environmentValue: String?, file: URL, create: Bool) throws -> MasterKey {
        if let environmentValue, !environmentValue.isEmpty {
            guard let raw = Data(base64Encoded: environmentValue.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ServerError.badRequest("LAUNCHGATE_MASTER_KEY is not base64")
            }
            return try MasterKey(rawRepresentation: raw)
        }
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ServerError.badRequest("the master key file \(file.path) is not base64")
            }
            return try MasterKey(rawRepresentation: raw)
        }
        guard create else {
            throw ServerError.notFound("no master key: set LAUNCHGATE_MASTER_KEY or run 'launchgate keys generate' to create \(file.path)", code: "no-master-key")
        }
        let raw = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let created = FileManager.default.createFile(
            atPath: file.path, contents: Data(raw.base64EncodedString().utf8), attributes: [.posixPermissions: 0o600])
        guard created else { throw ServerError.unavailable("could not create the master key file \(file.path)") }
        return try MasterKey(rawRepresentation: raw)
    }

    /// Seals bytes. - Returns: base64 of nonce, ciphertext and tag.
    func seal(_ plaintext: Data) throws -> String {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
            throw ServerError.unavailable("sealing failed")
        }
        return combined.base64EncodedString()
    }

    /// Opens what ``seal(_:)`` made.
    func open(_ sealed: String) throws -> Data {
        guard let combined = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: combined),
              let plaintext = try? AES.GCM.open(box, using: key) else {
            throw ServerError.unavailable("the signing key can't be opened with this master key; is LAUNCHGATE_MASTER_KEY or the key file the one it was made with?")
        }
        return plaintext
    }
}
