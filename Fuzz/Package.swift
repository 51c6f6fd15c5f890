// swift-tools-version:5.4
import PackageDescription

// libFuzzer targets for LaunchGate's parsers, one executable per target. Build them with
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// and run them through `scripts/reliability/fuzz`. Tools version 5.4 on purpose: from 5.5 on, SwiftPM
// renames an executable's `main` on Linux (for testable executables), and libFuzzer brings its own.
// A separate package so neither the SDK nor the
// server is ever built with sanitizers by accident.
let package = Package(
    name: "LaunchGateFuzz",
    dependencies: [
        .package(name: "LaunchGate", path: ".."),
    ],
    targets: [
        .executableTarget(name: "FuzzAppVersion", dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]),
        .executableTarget(name: "FuzzPolicyReader", dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]),
        .executableTarget(name: "FuzzCanonicalPolicy", dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]),
        .executableTarget(name: "FuzzLaunchCache", dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]),
        .executableTarget(name: "FuzzClientHeader", dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]),
    ]
)
