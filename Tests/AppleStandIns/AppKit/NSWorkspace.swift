// Stand-in for AppKit, for Linux only: `scripts/typecheck-apple` type-checks the adapters as a
// macOS build sees them (no UIKit, SwiftUI over AppKit) against it. It isn't part of the Linux
// package build. Declarations follow developer.apple.com/documentation/appkit.
@_exported import Foundation

@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
open class NSWorkspace: NSObject, @unchecked Sendable {
    private static let instance = NSWorkspace()
    open class var shared: NSWorkspace { instance }
    @discardableResult open func open(_ url: URL) -> Bool { true }
}
