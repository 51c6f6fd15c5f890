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
        .library(name: "LaunchGateTesting", targets: ["LaunchGateTesting"]),
    ],
    targets: [
        .target(name: "LaunchGate"),
        .target(name: "LaunchGateTesting", dependencies: ["LaunchGate"]),
        .testTarget(name: "LaunchGateTests", dependencies: ["LaunchGate", "LaunchGateTesting"]),
    ]
)
