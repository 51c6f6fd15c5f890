// swift-tools-version: 6.0
import PackageDescription

// The SDK an app adds by URL. It must never pull in a server dependency:
// the server lives in `Server/` as its own package and depends on this one by path.
let package = Package(
    name: "LaunchGate",
    // Observation (for the monitor's state) needs these minimums; it also exists on Linux.
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "LaunchGate", targets: ["LaunchGate"]),
        .library(name: "LaunchGateUI", targets: ["LaunchGateUI"]),
        .library(name: "LaunchGateTesting", targets: ["LaunchGateTesting"]),
    ],
    dependencies: [
        // Ed25519 signature checks. On Apple platforms swift-crypto defers to CryptoKit.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        // Text snapshots of every screen in every language. Only LaunchGateTests uses it, so an app
        // that adds LaunchGate never resolves it: SwiftPM skips a dependency's test-only packages.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
    ],
    targets: [
        // The default screen texts: English is compiled in, every other language is one JSON file
        // under Resources/Strings, copied as it is so Foundation finds it on Linux as on Apple platforms.
        // The privacy manifest belongs to this target because it is the one that uses UserDefaults
        // and sends the install beacon; Xcode reads it from the target's resource bundle.
        .target(name: "LaunchGate", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
                resources: [.copy("Resources/Strings"), .copy("PrivacyInfo.xcprivacy")]),
        // SwiftUI and UIKit adapters: Apple-only, render `GateScreen` and hold no decisions.
        .target(name: "LaunchGateUI", dependencies: ["LaunchGate"]),
        .target(name: "LaunchGateTesting", dependencies: ["LaunchGate"]),
        // Time from creating the monitor to a decision with a warm cache; not a product.
        .executableTarget(name: "LaunchBenchmark", dependencies: ["LaunchGate", "LaunchGateTesting"],
                          path: "Benchmarks/LaunchBenchmark"),
        .testTarget(name: "LaunchGateTests",
                    dependencies: ["LaunchGate", "LaunchGateTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["Snapshots/__Snapshots__"]),
    ]
)

#if os(Linux)
// On Linux, where SwiftUI, UIKit, Accessibility and StoreKit don't exist, the adapters are compiled
// against stand-ins for them (Tests/AppleStandIns), so `swift test` drives their own logic: the
// hand-off into the window above the app, the key window, the dialog's dismiss callback, the re-check
// on return from the background, the storefront's changes, one flow per process. The stand-ins
// record what is done to windows, view controllers and presentations; SwiftUI views are built but
// never rendered. This block is evaluated only on Linux: an app's build on Apple platforms never
// sees these modules.
let standIns: [Target] = [
    .target(name: "Accessibility", path: "Tests/AppleStandIns/Accessibility"),
    .target(name: "StoreKit", path: "Tests/AppleStandIns/StoreKit"),
    .target(name: "UIKit", path: "Tests/AppleStandIns/UIKit"),
    .target(name: "SwiftUI", dependencies: ["UIKit"], path: "Tests/AppleStandIns/SwiftUI"),
    // Swift Testing asks for its UIKit overlay wherever Testing and UIKit are imported together.
    .target(name: "_Testing_UIKit", path: "Tests/AppleStandIns/_Testing_UIKit"),
]
package.targets += standIns
for target in package.targets where target.name == "LaunchGateUI" {
    target.dependencies += ["Accessibility", "StoreKit", "UIKit", "SwiftUI"]
}
package.targets.append(.testTarget(name: "LaunchGateUITests",
                                   dependencies: ["LaunchGateUI", "LaunchGate", "LaunchGateTesting", "Accessibility", "StoreKit", "UIKit", "SwiftUI",
                                                                  "_Testing_UIKit"]))
#endif
