#if canImport(UIKit)
import LaunchGate
import UIKit

/// Opens update URLs with `UIApplication`.
public struct SystemURLOpener: URLOpening {
    /// Creates the opener.
    public init() {}

    /// Opens the URL in the App Store or browser.
    @MainActor public func open(_ url: URL) async -> Bool {
        await UIApplication.shared.open(url)
    }
}
#elseif canImport(AppKit)
import AppKit
import LaunchGate

/// Opens update URLs with `NSWorkspace`.
public struct SystemURLOpener: URLOpening {
    /// Creates the opener.
    public init() {}

    /// Opens the URL in the App Store or browser.
    @MainActor public func open(_ url: URL) async -> Bool {
        NSWorkspace.shared.open(url)
    }
}
#endif
