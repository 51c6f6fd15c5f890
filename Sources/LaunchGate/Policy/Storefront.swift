/// An App Store storefront: the country or region whose App Store a device buys from, as a
/// lowercase ISO 3166-1 alpha-2 code (`us`, `fr`, `jp`), the form the iTunes lookup's `country=`
/// and a policy's ``PlatformPolicy/storefronts`` use.
///
/// StoreKit names a storefront by its alpha-3 code (`Storefront.current?.countryCode` is `"USA"`),
/// so both forms are accepted, in any case. Only the App Store's own storefronts are known: a code
/// of a country without one (or a typo such as `uk`, which is `gb`) is `nil`.
///
/// ```swift
/// let storefront = Storefront("FRA")   // the device's, from StoreKit
/// storefront?.code                     // "fr"
/// ```
public struct Storefront: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lowercase alpha-2 code, such as `us`.
    public let code: String

    /// Reads a storefront from its alpha-2 (`us`, `US`) or alpha-3 (`USA`) code.
    /// - Parameter code: The code, in any case.
    /// - Returns: `nil` when the App Store has no storefront with that code.
    public init?(_ code: String) {
        // ASCII only, checked before lowercasing: "ＵＳ" (full-width) must not become a key.
        guard code.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        let lowered = code.lowercased()
        switch lowered.utf8.count {
        case 2 where Self.alpha2Codes.contains(lowered): self.code = lowered
        case 3:
            guard let alpha2 = Self.alpha3ToAlpha2[lowered] else { return nil }
            self.code = alpha2
        default: return nil
        }
    }

    /// Whether `code` is a storefront's key as a policy spells it: a known alpha-2 code, lowercase.
    /// - Parameter code: A key of ``PlatformPolicy/storefronts``.
    /// - Returns: `true` for `us`; `false` for `US`, `usa` and `uk`.
    public static func isPolicyKey(_ code: String) -> Bool {
        code.utf8.count == 2 && alpha2Codes.contains(code)
    }

    /// The alpha-2 code.
    public var description: String { code }

    /// Decodes the alpha-2 or alpha-3 code, refusing one the App Store doesn't have.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let storefront = Storefront(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "\"\(text.prefix(10))\" is not an App Store storefront"))
        }
        self = storefront
    }

    /// Encodes the alpha-2 code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    private static let alpha2Codes = Set(alpha3ToAlpha2.values)
}
