import Foundation

/// Opens the update URL. The UIKit and SwiftUI adapters pass the system's opener; tests pass a
/// recording one.
public protocol URLOpening: Sendable {
    /// Opens a URL.
    /// - Parameter url: An `https`, `itms-apps` or `itms-beta` URL.
    /// - Returns: Whether the system opened it.
    @MainActor func open(_ url: URL) async -> Bool
}

/// A ``URLOpening`` from a closure, for adapters: `ClosureURLOpener { await UIApplication.shared.open($0) }`.
public struct ClosureURLOpener: URLOpening {
    private let action: @MainActor @Sendable (URL) async -> Bool

    /// Creates an opener.
    /// - Parameter action: Opens the URL and says whether it worked.
    public init(_ action: @escaping @MainActor @Sendable (URL) async -> Bool) { self.action = action }

    /// Runs the closure.
    @MainActor public func open(_ url: URL) async -> Bool { await action(url) }
}
