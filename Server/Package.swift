// swift-tools-version: 6.1
import PackageDescription

// The server and the `launchgate` CLI. A separate package so that an app adding the SDK by URL
// never resolves Hummingbird, NIO or a database driver.
let package = Package(
    name: "LaunchGateServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "launchgate", targets: ["launchgate"]),
        // The composition root and every target it is built from, whose public types (Database,
        // PolicyService, SignInService…) its public API takes and returns.
        .library(name: "LaunchGateServer", targets: ["LaunchGateServer", "LaunchGateStorage", "LaunchGatePolicies", "LaunchGateSignIn",
                                                     "LaunchGateAdoption", "LaunchGateHTTP", "LaunchGateConsole",
                                                     "LaunchGateAppStore"]),
    ],
    dependencies: [
        // Named explicitly: a path dependency otherwise takes its identity from the checkout folder's name.
        .package(name: "LaunchGate", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Already resolved through Hummingbird; named for NIO's HTTP/1 parts turned into HTTP types.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        // Already resolved through sqlite-kit; named because Database opens SQLiteConnections itself.
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        // Already resolved through postgres-kit; named because storage reads PostgreSQL's errors.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Already resolved through postgres-nio; named so that sslmode can set certificate checks.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.25.0"),
        // Sign-in mail bodies (text and HTML) are Mustache templates an operator can override per app.
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // Already resolved through Hummingbird; named for the domain targets' services, which
        // don't depend on Hummingbird.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Already resolved through Hummingbird; named because the domain targets wrap database
        // operations and deliveries in spans (LaunchGateStorage's Telemetry).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // OTLP export of traces and metrics, off unless the OTEL_* variables turn it on. Only the
        // OTLP/HTTP trait: gRPC would bring a second HTTP/2 stack for nothing a collector needs.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        // The server's targets, by concern; docs/development.md draws the graph and
        // scripts/check-imports holds every target to it. A domain target (storage, policies,
        // sign-in, adoption) imports no HTTP framework.
        // Storage: databases, migrations, repositories, backup and restore, and what every domain
        // shares beneath them (the failure vocabulary, the master key, randomness, IP networks).
        .target(
            name: "LaunchGateStorage",
            dependencies: [
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Policies: publishing, signing, the read path's prepared answers, the seed formats' export.
        .target(
            name: "LaunchGatePolicies",
            dependencies: [
                "LaunchGateStorage",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Sign-in: codes, sessions, the outbox and mail, console operators, admin tokens.
        .target(
            name: "LaunchGateSignIn",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Adoption: recording installs, aggregating them, the publish guard and its impact.
        .target(
            name: "LaunchGateAdoption",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The App Store: the iTunes lookup poller and App Store Connect's phased release, both outbound HTTP
        // through AsyncHTTPClient.
        .target(
            name: "LaunchGateAppStore",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Webhooks: signing events per Standard Webhooks, and delivering them from a durable outbox
        // to operators' endpoints, with the address checks that keep them off internal networks.
        .target(
            name: "LaunchGateWebhooks",
            dependencies: [
                "LaunchGateStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // What the API and the console share over HTTP: the one place errors become responses,
        // request values, client addresses, rate limits and admin authentication.
        .target(
            name: "LaunchGateHTTP",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGateSignIn",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The console under /console: a web surface over the domains' services.
        .target(
            name: "LaunchGateConsole",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                "LaunchGateSignIn",
                "LaunchGateAdoption",
                "LaunchGateAppStore",
                "LaunchGateWebhooks",
                "LaunchGateHTTP",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The composition root: configuration, the controllers, the middleware, the connections
        // and the hot path, and the application that runs them.
        .target(
            name: "LaunchGateServer",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                "LaunchGateSignIn",
                "LaunchGateAdoption",
                "LaunchGateAppStore",
                "LaunchGateHTTP",
                "LaunchGateConsole",
                "LaunchGateWebhooks",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // The server's connections are built from Hummingbird's public pieces (LaunchGateHTTPChannel).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "OTel", package: "swift-otel"),
            ],
            // Served at /openapi.yaml; Server/openapi.yaml is a link to this file. The console's
            // Mustache templates and its stylesheet and script (served under hashed names), which
            // the console target is handed as a folder (ConsoleRenderer+Bundled).
            resources: [.copy("Resources/openapi.yaml"), .copy("Resources/Console")]
        ),
        .executableTarget(
            name: "launchgate",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                "LaunchGateSignIn",
                "LaunchGateAdoption",
                "LaunchGateAppStore",
                "LaunchGateServer",
                "LaunchGateSimulator",
                "LaunchGateWebhooks",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `launchgate simulate`: the SDK's LaunchFlow as a device in the terminal. Only the SDK, so
        // what it shows is what an app shows, with nothing of the server in between.
        .target(
            name: "LaunchGateSimulator",
            dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]
        ),
        // The SDK's SignInFlow against a running server, for scripts/signin-e2e: only the SDK.
        .executableTarget(
            name: "signin-flow-e2e",
            dependencies: [.product(name: "LaunchGate", package: "LaunchGate")]
        ),
        // Seeds installs and times the adoption and impact queries, for scripts/bench/adoption.sh.
        .executableTarget(
            name: "adoption-bench",
            dependencies: [
                "LaunchGateStorage", "LaunchGateAdoption", "LaunchGateServer",
                .product(name: "LaunchGate", package: "LaunchGate"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LaunchGateServerTests",
            dependencies: [
                "LaunchGateStorage",
                "LaunchGatePolicies",
                "LaunchGateSignIn",
                "LaunchGateAdoption",
                "LaunchGateAppStore",
                "LaunchGateHTTP",
                "LaunchGateConsole",
                "LaunchGateServer",
                "LaunchGateSimulator",
                "LaunchGateWebhooks",
                .product(name: "LaunchGateTesting", package: "LaunchGate"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
