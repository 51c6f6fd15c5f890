// Foundation's NSSystemClockDidChange, which swift-corelibs-foundation lacks, for the macOS
// check: the adapters see it through AppKit, which re-exports Foundation (as the UIKit stand-in's
// NSNotificationName.swift does for the other platforms).
import Foundation

extension NSNotification.Name {
    public static let NSSystemClockDidChange = NSNotification.Name("NSSystemClockDidChangeNotification")
}
