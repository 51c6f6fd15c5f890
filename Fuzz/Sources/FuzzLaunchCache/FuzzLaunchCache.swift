import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// A store that hands back the fuzzer's bytes as the cached entry.
private final class FuzzStore: KeyValueStore, @unchecked Sendable {
    var stored: Data?
    func data(forKey key: String) -> Data? { stored }
    func set(_ data: Data?, forKey key: String) throws { stored = data }
}

private let store = FuzzStore()
private let cache = PolicyCache(store: store)
private let source = URL(string: "https://updates.example.com/v1/apps/demo/policy?platform=ios")!

/// libFuzzer entry: the binary launch-cache reader, through `PolicyCache.load(for:)`, which reads
/// every field before it compares the source. Damage must read as "no cache", never a crash; an
/// entry that loads must save and load back to the same bytes (bytes, not `==`: a NaN date read
/// from damaged bytes is never equal to itself).
///
/// With `FUZZ_CACHE_SEED_POLICY` (a canonical policy file) and `FUZZ_CACHE_SEED_OUT` set, the first
/// call also writes that policy's cache entry to the out file: the seed corpus's valid entry, made
/// by the SDK's own writer so it follows the format when the format changes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaunchCache(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    _ = writeSeedOnce
    store.stored = start.map { Data(bytes: $0, count: count) } ?? Data()
    defer { store.stored = nil }
    guard let entry = cache.load(for: source) else { return 0 }
    do { try cache.save(entry) } catch { fatalError("saving a loaded entry failed: \(error)") }
    let saved = store.stored
    guard let again = cache.load(for: source) else { fatalError("a saved entry does not load: \(entry)") }
    do { try cache.save(again) } catch { fatalError("saving a loaded entry failed: \(error)") }
    precondition(store.stored == saved, "a loaded entry changed through save and load: \(entry) became \(again)")
    return 0
}

private let writeSeedOnce: Void = {
    let environment = ProcessInfo.processInfo.environment
    guard let input = environment["FUZZ_CACHE_SEED_POLICY"], let output = environment["FUZZ_CACHE_SEED_OUT"] else { return }
    do {
        let policy = try PolicyReader.read(Data(contentsOf: URL(fileURLWithPath: input)))
        let seedStore = FuzzStore()
        try PolicyCache(store: seedStore).save(CachedPolicy(policy: policy, etag: "\"seed\"", source: source))
        try seedStore.stored?.write(to: URL(fileURLWithPath: output))
    } catch {
        fatalError("could not write the cache seed: \(error)")
    }
}()
