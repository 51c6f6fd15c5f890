#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

/// Opens update URLs with `UIApplication`: the App Store, TestFlight or a web page.
public struct SystemURLOpener: URLOpening {
    /// Creates the opener.
    public init() {}

    /// Opens the URL in the App Store, TestFlight or the browser.
    /// - Parameter url: The update URL.
    /// - Returns: Whether the system opened it.
    @MainActor public func open(_ url: URL) async -> Bool {
        await UIApplication.shared.open(url)
    }
}
#elseif canImport(AppKit)
import AppKit
import Foundation
import LaunchGate

/// Opens update URLs with `NSWorkspace`.
public struct SystemURLOpener: URLOpening {
    /// Creates the opener.
    public init() {}

    /// Opens the URL in the App Store or the browser.
    /// - Parameter url: The update URL.
    /// - Returns: Whether the system opened it.
    @MainActor public func open(_ url: URL) async -> Bool {
        NSWorkspace.shared.open(url)
    }
}
#elseif os(watchOS)
import Foundation
import LaunchGate

/// watchOS has no way for an app to open the App Store or a web page, so this opener opens
/// nothing and says so; the screens still show the update's words.
public struct SystemURLOpener: URLOpening {
    /// Creates the opener.
    public init() {}

    /// Opens nothing.
    /// - Parameter url: The update URL.
    /// - Returns: `false`.
    @MainActor public func open(_ url: URL) async -> Bool {
        false
    }
}
#endif
