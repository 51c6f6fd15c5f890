import Foundation
import LaunchGate

/// An app whose policies the server serves.
public struct AppRecord: Sendable, Hashable, Codable {
    /// The app's URL-safe identifier, such as `notes`.
    public var id: String
    /// A display name: 1 to ``maximumNameBytes`` bytes that ``DisplayText`` accepts as a name
    /// (older rows may break that rule: print them through ``TerminalText``).
    public var name: String
    /// The longest app name, in UTF-8 bytes.
    public static let maximumNameBytes = 100
    /// When it was created.
    public var createdAt: Date

    /// Creates a record.
    public init(id: String, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// Whether an identifier is acceptable: 1 to 64 lowercase letters, digits, dots, dashes or underscores.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...64).contains(id.count), let first = id.first, first.isASCII, first.isLowercase || first.isNumber else { return false }
        return id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-_.".contains($0)) }
    }
}

/// One immutable published version of an app's policy on one channel.
public struct PolicyRevision: Sendable, Hashable, Codable {
    /// The app.
    public var appID: String
    /// The channel.
    public var channel: ReleaseChannel
    /// 1, 2, 3… per app and channel.
    public var number: Int
    /// The canonical document as published, with `issuedAt` set by the server.
    public var document: Data
    /// The document's `issuedAt`, strictly increasing per app and channel.
    public var issuedAt: Date
    /// Who published it (the token's name, or `cli`).
    public var author: String
    /// An optional note, such as "rollback to 3".
    public var note: String?

    /// Creates a revision.
    public init(appID: String, channel: ReleaseChannel, number: Int, document: Data, issuedAt: Date, author: String, note: String? = nil) {
        self.appID = appID
        self.channel = channel
        self.number = number
        self.document = document
        self.issuedAt = issuedAt
        self.author = author
        self.note = note
    }
}

/// What an admin token may do; each scope includes the ones below it.
public enum TokenScope: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Read apps, policies, history and exemptions.
    case read
    /// Also publish and roll back policies.
    case publish
    /// Also create apps and manage exemptions.
    case admin

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    /// Orders scopes by power.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// An admin token as stored: only a hash of its secret.
public struct TokenRecord: Sendable, Hashable, Codable {
    /// The public part of the token, used to find it.
    public var id: String
    /// A name that says who holds it.
    public var name: String
    /// What it may do.
    public var scope: TokenScope
    /// SHA-256 of the secret, hex-encoded.
    public var secretHash: String
    /// When it was created.
    public var createdAt: Date
    /// When it was revoked, if it was.
    public var revokedAt: Date?
    /// When it was last used, to the minute (uses are written at most once a minute); `nil` if never.
    public var lastUsedAt: Date?

    /// Creates a record.
    public init(id: String, name: String, scope: TokenScope, secretHash: String, createdAt: Date, revokedAt: Date? = nil,
                lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.scope = scope
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A policy signing key as stored: the private key sealed with the master key.
public struct SigningKeyRecord: Sendable, Hashable, Codable {
    /// An identifier.
    public var id: String
    /// The public key in its `ed25519:` form, for pinning.
    public var publicKey: String
    /// The private key, sealed with AES-GCM under the master key, base64.
    public var sealedPrivateKey: String
    /// When it was made.
    public var createdAt: Date
    /// When it last became the key that signs; `nil` while it is staged (made, not yet signing).
    public var activatedAt: Date?
    /// Orders activations: the activated key with the highest signs (then the later activation,
    /// then the higher ID, where two activations raced to one number); 0 while staged. Set by the
    /// repository.
    public var sequence: Int

    /// Creates a record.
    public init(id: String, publicKey: String, sealedPrivateKey: String, createdAt: Date, activatedAt: Date? = nil, sequence: Int = 0) {
        self.id = id
        self.publicKey = publicKey
        self.sealedPrivateKey = sealedPrivateKey
        self.createdAt = createdAt
        self.activatedAt = activatedAt
        self.sequence = sequence
    }
}

/// What identifies an exempt install.
public enum ExemptionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The SDK's random install ID.
    case install
    /// A device identifier the app reports itself.
    case device
}

/// An install or device that always sees "up to date" (testers, App Review).
public struct Exemption: Sendable, Hashable, Codable {
    /// The app.
    public var appID: String
    /// What ``value`` is.
    public var kind: ExemptionKind
    /// The SHA-256 of the install or device ID, lowercase hex (``PolicyExemptions/hash(_:)``): the ID itself is never stored.
    public var value: String
    /// Who or why, such as "App Review".
    public var note: String?
    /// When it was added.
    public var createdAt: Date

    /// Creates an exemption.
    public init(appID: String, kind: ExemptionKind, value: String, note: String? = nil, createdAt: Date) {
        self.appID = appID
        self.kind = kind
        self.value = value
        self.note = note
        self.createdAt = createdAt
    }
}
