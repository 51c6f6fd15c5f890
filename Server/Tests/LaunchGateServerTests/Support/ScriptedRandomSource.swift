import Foundation
import Synchronization
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Hands out scripted bytes first, then the system's random bytes.
final class ScriptedRandomSource: RandomSource {
    private let script: Mutex<[UInt8]>

    init(_ bytes: [UInt8] = []) { script = Mutex(bytes) }

    func bytes(_ count: Int) -> [UInt8] {
        let scripted = script.withLock { script in
            let taken = Array(script.prefix(count))
            script.removeFirst(taken.count)
            return taken
        }
        return scripted + SystemRandomSource().bytes(count - scripted.count)
    }
}
