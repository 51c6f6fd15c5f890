import Crypto
import Foundation

/// Codes, session tokens and IDs drawn from a ``RandomSource``.
package enum SignInTokens {
    /// Bytes of randomness in a session token: 256 bits.
    static let sessionTokenBytes = 32
    /// What every session token starts with, so a leaked one is recognisable in logs and scanners.
    static let sessionTokenPrefix = "lgs_"

    /// A code of `length` decimal digits, each uniform: bytes of 250 and above are drawn again, so
    /// `byte % 10` has no bias towards low digits (256 is not a multiple of 10).
    package static func code(length: Int, using random: any RandomSource) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(length)
        while digits.count < length {
            for byte in random.bytes(length - digits.count + 2) where byte < 250 && digits.count < length {
                digits.append(UInt8(ascii: "0") + byte % 10)
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// A bearer token: the prefix and 32 random bytes in unpadded base64url (43 characters).
    package static func sessionToken(using random: any RandomSource) -> String {
        sessionTokenPrefix + Data(random.bytes(sessionTokenBytes)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether a bearer value has the shape of a session token, checked before any lookup.
    package static func isSessionToken(_ value: String) -> Bool {
        guard value.hasPrefix(sessionTokenPrefix), value.utf8.count == sessionTokenPrefix.utf8.count + 43 else { return false }
        return value.utf8.dropFirst(sessionTokenPrefix.utf8.count).allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F
        }
    }

    /// SHA-256 of a token, lowercase hex: how sessions are stored and found. A token has 256 bits
    /// of entropy, so a plain hash is enough (no stretching), as for admin tokens.
    package static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).lowercaseHex
    }

    /// `prefix_` and `bytes` random bytes in lowercase hex.
    package static func id(_ prefix: String, bytes: Int, using random: any RandomSource) -> String {
        prefix + "_" + random.bytes(bytes).lowercaseHex
    }

    /// Compares two strings in time that depends only on their lengths.
    package static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let (left, right) = (Array(a.utf8), Array(b.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The code whose stored hash equals `hash`, comparing with every code (no early exit), each
    /// in constant time: how long it takes says how many codes the address has, not which matched.
    package static func match(_ hash: String, among codes: [SignInCodeRecord]) -> SignInCodeRecord? {
        var found: SignInCodeRecord?
        for code in codes where constantTimeEquals(hash, code.codeHash) && found == nil { found = code }
        return found
    }
}
