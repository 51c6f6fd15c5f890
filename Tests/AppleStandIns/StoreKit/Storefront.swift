// Stand-in for StoreKit's `Storefront` (StoreKit 2), as Apple documents it: the App Store storefront
// of the account the device buys with. Available since iOS 15, macOS 12, tvOS 15, watchOS 8 and
// visionOS 1, below every minimum of the package, so it carries no @available.

/// The App Store storefront of the device's account.
public struct Storefront: Identifiable, Hashable, Sendable {
    /// Apple's identifier of the storefront, such as `143441`.
    public let id: String
    /// The storefront's country or region, as its three-letter ISO 3166-1 alpha-3 code (`USA`).
    public let countryCode: String

    /// The storefront of the current account; `nil` when it can't be determined. The stand-in has none.
    public static var current: Storefront? {
        get async { nil }
    }
}
