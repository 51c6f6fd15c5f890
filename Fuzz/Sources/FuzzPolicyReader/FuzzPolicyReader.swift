import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// libFuzzer entry: `PolicyReader.read` with format detection, and with every format and platform
/// forced, on arbitrary bytes. Any outcome but a thrown error or a policy is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicyReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? PolicyFormat.detect(in: data)
    _ = try? PolicyReader.read(data)
    // The first byte picks a forced format and platform, so each reader sees every input shape.
    if let first = data.first {
        let formats = PolicyFormat.allCases
        let platforms = Platform.allCases
        let format = formats[Int(first) % formats.count]
        let platform = platforms[Int(first / 8) % platforms.count]
        _ = try? PolicyReader.read(data.dropFirst(), format: format, platform: platform)
    }
    return 0
}
