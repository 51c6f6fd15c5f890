import Crypto
import Foundation
import LaunchGateStorage
import Synchronization

/// The keys behind sign-in codes: the HMAC key codes are stored under, and the master key that
/// seals codes waiting in the outbox.
///
/// The HMAC key is 32 random bytes, stored sealed under the master key (as signing keys are) and
/// shared by every instance; the first instance that needs it makes it. A database copied without
/// its master key holds no code and no key that would test guesses against the stored hashes.
public final class SignInSecrets: Sendable {
    /// The name the HMAC key is stored under.
    static let hmacKeyName = "sign-in-code-hmac"

    private let repository: any SignInRepository
    private let masterKey: @Sendable () throws -> MasterKey
    private let random: any RandomSource
    private let now: @Sendable () -> Date
    private let hmacKey = Mutex<SymmetricKey?>(nil)

    /// Creates the keys' keeper; nothing is loaded until a code is made or checked.
    /// - Parameters:
    ///   - repository: Where the sealed HMAC key is stored.
    ///   - masterKey: Loads the master key.
    ///   - random: Draws a new HMAC key the first time.
    ///   - now: Stamps a new key.
    public init(repository: any SignInRepository, masterKey: @escaping @Sendable () throws -> MasterKey,
                random: any RandomSource, now: @escaping @Sendable () -> Date) {
        self.repository = repository
        self.masterKey = masterKey
        self.random = random
        self.now = now
    }

    /// HMAC-SHA256 of a code for one address of one app, lowercase hex. The address and app are
    /// inside the MAC, so a stored hash is worth nothing for any other address.
    public func codeHash(_ code: String, app: String, email: String) async throws -> String {
        let key = try await key()
        let message = Data("\(app)\u{0}\(email)\u{0}\(code)".utf8)
        return HMAC<SHA256>.authenticationCode(for: message, using: key).lowercaseHex
    }

    /// A code sealed for the outbox.
    package func seal(_ code: String) throws -> String { try masterKey().seal(Data(code.utf8)) }

    /// A code from the outbox.
    /// - Throws: ``MasterKeyError`` `wrongKey` when another master key sealed it.
    package func open(_ sealed: String) throws -> String { String(decoding: try masterKey().open(sealed), as: UTF8.self) }

    private func key() async throws -> SymmetricKey {
        if let key = hmacKey.withLock({ $0 }) { return key }
        let master = try masterKey()
        let candidate = try master.seal(Data(random.bytes(32)))
        let stored = try await repository.secret(named: Self.hmacKeyName, orStore: candidate, at: now())
        let key = SymmetricKey(data: try master.open(stored))
        hmacKey.withLock { $0 = key }
        return key
    }
}
