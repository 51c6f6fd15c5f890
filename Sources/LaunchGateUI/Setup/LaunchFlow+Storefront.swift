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
    /// comes. The adapters call it on every return to the foreground, and ``followStorefront(_:)``
    /// at launch. No answer (no account, StoreKit unavailable) leaves what the monitor knew, such
    /// as a storefront the app injected in ``AppInfo/storefront``. The flow is held only weakly
    /// while StoreKit answers, which may take long with no account or no network (review s14, K7).
    static func readStorefront(_ reference: WeakFlow) async {
        let current = await StoreKit.Storefront.current
        reference.flow?.take(current)
    }

    /// Reads the storefront (``readStorefront(_:)``), then takes every change StoreKit reports
    /// (`Storefront.updates`) until the calling task is cancelled or the flow is gone: the user may
    /// switch accounts, and so storefronts, while the app stays in the foreground (on a Mac, or in
    /// Settings beside it on an iPad). The owner cancels the task when it goes: SwiftUI's `task`
    /// with its view, the UIKit controller in its `deinit`.
    ///
    /// The flow is held weakly while the loop waits (`WeakFlow`): whether StoreKit's sequence ends
    /// on cancellation isn't documented, and a loop that outlives its owner must not keep the flow.
    /// Such a loop ends at the next change.
    ///
    /// StoreKit 2's storefront (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1) is older than
    /// every minimum of the package, so no `#available` check is needed: `scripts/typecheck-apple`
    /// holds each platform's build to StoreKit's availability.
    static func followStorefront(_ reference: WeakFlow) async {
        guard reference.flow?.updates != nil else { return }
        await readStorefront(reference)
        // The owner may have gone while StoreKit answered: then there is nothing to follow for.
        guard reference.flow != nil else { return }
        // Waiting for the next change suspends; it never holds the main thread.
        for await storefront in StoreKit.Storefront.updates {
            guard !Task.isCancelled, let flow = reference.flow else { return }
            flow.take(storefront)
        }
    }

    /// Hands a storefront StoreKit named to the update check; `nil`, or a country the App Store
    /// doesn't list, leaves what the check knew.
    private func take(_ storefront: StoreKit.Storefront?) {
        guard let updates, let code = storefront?.countryCode, let storefront = LaunchGate.Storefront(code) else { return }
        updates.setStorefront(storefront)
    }
}
#endif
