#if canImport(StoreKit)
import LaunchGate
import StoreKit

extension LaunchFlow {
    /// Reads the App Store storefront of the device's account from StoreKit and hands it to the
    /// update check, which then shows an optional update only once that storefront serves it
    /// (``PlatformPolicy/storefronts``).
    ///
    /// StoreKit answers asynchronously, so the launch decides first with what the monitor knows
    /// (an unknown storefront waits for the slowest one the policy lists) and again when the answer
    /// comes. The adapters call it at launch and on every return to the foreground: the user may
    /// have switched accounts, and so storefronts, in Settings meanwhile. No answer (no account,
    /// StoreKit unavailable) leaves what the monitor knew, such as a storefront the app injected
    /// in ``AppInfo/storefront``.
    func readStorefront() async {
        guard let updates, let code = await StoreKit.Storefront.current?.countryCode,
              let storefront = LaunchGate.Storefront(code) else { return }
        updates.setStorefront(storefront)
    }
}
#endif
