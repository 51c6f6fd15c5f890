// Measures how long an app waits at launch for LaunchGate's first decision with a warm cache:
// from creating `UpdateMonitor` to reading its decision, with no network involved.
// Run: swift run -c release LaunchBenchmark [iterations] [name prefix]
// With a prefix only the measurements whose names start with it run, so an instruction counter
// (scripts/bench/launch-instructions.sh, with valgrind) sees one of them alone.
import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let only = CommandLine.arguments.dropFirst(2).first
let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
let document = """
{"schemaVersion": 1, "app": "com.example.notes", "issuedAt": "2026-11-20T09:00:00Z", "platforms": {
  "ios": {"latest": {"version": "2.4.1", "build": 241, "releaseDate": "2026-11-18T17:00:00Z", "notes": "Faster sync.",
          "minimumOS": "16.0"}, "required": {"version": "2.0.0"}, "recommended": {"version": "2.3.0"},
          "blocked": {"versions": ["2.2.0"]}, "updateURL": "https://apps.apple.com/app/id1234567890",
          "texts": {"en": {"updateRequired": {"title": "Time to update"}}}, "rollout": {"percentage": 50}},
  "android": {"latest": {"version": "2.4.0"}, "required": {"version": "1.9.0"}}}}
"""

func percentile(_ sorted: [Duration], _ p: Double) -> Double {
    let index = min(sorted.count - 1, Int(Double(sorted.count) * p))
    let (seconds, attoseconds) = sorted[index].components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

@MainActor
func measure(_ name: String, _ body: () -> Void) {
    if let only, !name.hasPrefix(only) { return }
    for _ in 0..<min(iterations / 10, 1_000) { body() }  // warm up
    let clock = ContinuousClock()
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations { samples.append(clock.measure(body)) }
    samples.sort()
    let line = [("p50", 0.5), ("p90", 0.9), ("p99", 0.99)]
        .map { String(format: "%@ %.1f µs", $0.0, percentile(samples, $0.1)) }.joined(separator: "  ")
    print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(line)  (n=\(iterations))")
}

@MainActor
func run() throws {
    // Cached as the fetcher caches it: only this app's platform.
    let policy = try UpdatePolicy(json: Data(document.utf8)).narrowed(to: .ios)
    let memory = InMemoryKeyValueStore()
    try PolicyCache(store: memory).save(CachedPolicy(policy: policy, etag: "\"v1\"", source: url))
    try memory.set(Data("install-1".utf8), forKey: "launchgate.installID")
    let fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-bench-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: fileURL) }
    let file = FileKeyValueStore(url: fileURL)
    try PolicyCache(store: file).save(CachedPolicy(policy: policy, etag: "\"v1\"", source: url))
    try file.set(Data("install-1".utf8), forKey: "launchgate.installID")

    let transport = URLSessionTransport()
    let opener = ClosureURLOpener { _ in true }
    let app = AppInfo(version: "2.1.0", build: BuildNumber(210), platform: .ios, osVersion: "17.4")
    let configuration = UpdateMonitor.Configuration(source: PolicySource(url: url))
    var sink = 0

    print("LaunchGate launch benchmark: warm cache, no network")
    measure("monitor init → decision (in-memory store)") {
        let monitor = UpdateMonitor(configuration: configuration, app: app, store: memory, transport: transport, opener: opener)
        if monitor.decision.isBlocking { sink += 1 }
    }
    measure("monitor init → decision (file store, loaded)") {
        let monitor = UpdateMonitor(configuration: configuration, app: app, store: file, transport: transport, opener: opener)
        if monitor.decision.isBlocking { sink += 1 }
    }
    measure("open file store from disk + init → decision") {
        let store = FileKeyValueStore(url: fileURL)
        let monitor = UpdateMonitor(configuration: configuration, app: app, store: store, transport: transport, opener: opener)
        if monitor.decision.isBlocking { sink += 1 }
    }
    measure("cached policy decode only") {
        if PolicyCache(store: memory).load(for: url) != nil { sink += 1 }
    }
    let context = EvaluationContext(version: "2.1.0", build: BuildNumber(210), osVersion: "17.4", installID: "install-1", now: Date())
    measure("evaluate only") {
        if UpdateEvaluator().evaluate(policy, for: context).isBlocking { sink += 1 }
    }
    measure("AppVersion parse \"2.0.0-beta.2+45\"") {
        if (try? AppVersion(parsing: "2.0.0-beta.2+45")) != nil { sink += 1 }
    }
    if sink == -1 { print(sink) }
}

try MainActor.assumeIsolated { try run() }
