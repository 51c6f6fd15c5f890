import Foundation
import LaunchGate

/// libFuzzer entry: `UpdatePolicy(json:)`, the canonical reader. A policy that reads must encode
/// and read back to an equal policy, or the cache and the server would disagree with the app.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCanonicalPolicy(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard let policy = try? UpdatePolicy(json: data) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    guard let encoded = try? encoder.encode(policy) else { return 0 }
    _ = try? UpdatePolicy(json: encoded)
    return 0
}
