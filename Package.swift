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
