import Foundation
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Event loop threads follow the cores the process may run on")
struct UsableCoresTests {
    @Test("the affinity count matches the kernel's Cpus_allowed mask, and the default is at most NIO's core count")
    func affinity() throws {
        #if os(Linux)
        // The same mask in its other form: hex words, comma-separated.
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed:") })
        let allowed = line.dropFirst("Cpus_allowed:".count).reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
        #expect(UsableCores.affinityCount == allowed)
        #expect(UsableCores.count == min(System.coreCount, allowed))
        #else
        #expect(UsableCores.count == System.coreCount)
        #endif
    }

    @Test("CPU lists count single CPUs and ranges; anything else is not read")
    func lists() {
        #expect(UsableCores.cpuCount(list: " 0-3,8") == 5)
        #expect(UsableCores.cpuCount(list: "1") == 1)
        #expect(UsableCores.cpuCount(list: "0-1,4-5,7") == 5)
        #expect(UsableCores.cpuCount(list: "3-1") == nil)
        #expect(UsableCores.cpuCount(list: "x") == nil)
        #expect(UsableCores.cpuCount(list: "1-2-3") == nil)
    }
}
