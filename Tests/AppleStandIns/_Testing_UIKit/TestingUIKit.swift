// Stand-in for Swift Testing's UIKit overlay (attachments of UIKit images). The toolchain's
// Testing module names `_Testing_UIKit` as the overlay to load wherever Testing and UIKit are both
// imported, and there is none on Linux, so the adapters' tests, which import the UIKit stand-in,
// need this empty module to compile. Nothing else uses it.
