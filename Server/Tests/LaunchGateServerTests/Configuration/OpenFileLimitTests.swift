#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The open-file limit is raised to fit --max-connections")
struct OpenFileLimitTests {
    @Test("a cap the hard limit allows is made to fit; one beyond it is reported as not fitting")
    func raisesWithinHardLimit() {
        let small = OpenFileLimit.raise(toFit: 100)
        #expect(small.fits)
        #expect(small.limit >= 100 + OpenFileLimit.reserve)
        var limits = rlimit()
        #if canImport(Glibc)
        _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        #endif
        guard limits.rlim_max != rlim_t.max, limits.rlim_max < 900_000_000 else { return }
        let huge = OpenFileLimit.raise(toFit: 900_000_000)
        #expect(!huge.fits)
        #expect(huge.limit == Int(limits.rlim_max), "raised as far as the hard limit allows")
    }
}
