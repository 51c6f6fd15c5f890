import Crypto
import Foundation
import Synchronization

/// A key of one purpose, derived from the master key with HKDF-SHA256 and a label used for
/// nothing else: derived once, and never stored.
///
/// Every instance with the master key derives the same key, so instances agree on what it keys
/// without sharing anything more, and a database copied without the master key holds none of it.
/// Loading the master key is the caller's business (the composition root's): this only asks for
/// it, once, when the key is first needed or ``prepare()``d.
///
/// ```swift
/// let forms = DerivedKey(label: "launchgate console sign-in form v1") { try MasterKey.load(...) }
/// try forms.prepare() // a master key that can't be loaded stops start-up here
/// ```
public final class DerivedKey: Sendable {
    /// The HKDF `info`; another label derives an unrelated key.
    package let label: Data
    private let masterKey: @Sendable () throws -> MasterKey
    private let key = Mutex<SymmetricKey?>(nil)

    /// - Parameters:
    ///   - label: What the key is for, as HKDF's `info`; changing it changes the key.
    ///   - masterKey: Loads the master key; called until it first succeeds.
    public init(label: String, masterKey: @escaping @Sendable () throws -> MasterKey) {
        self.label = Data(label.utf8)
        self.masterKey = masterKey
    }

    /// Derives the key now, so a missing or unreadable master key stops start-up, not a later request.
    /// - Throws: ``MasterKeyError`` from loading the master key.
    public func prepare() throws {
        _ = try symmetricKey()
    }

    /// The key, 256 bits.
    /// - Throws: ``MasterKeyError`` from loading the master key.
    package func symmetricKey() throws -> SymmetricKey {
        if let key = key.withLock({ $0 }) { return key }
        let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: try masterKey().key, info: label, outputByteCount: 32)
        key.withLock { $0 = derived }
        return derived
    }
}
