import Foundation
#if canImport(os)
import os
#endif

extension LaunchFlow {
    /// What a one-line setup does when its arguments are wrong (a malformed key, an http URL).
    public enum SetupFailure: Sendable, Hashable {
        /// Stop the app with the problem: debug builds, so a developer sees it at the first run.
        case stop
        /// Report the problem, skip the update check and open the app: release builds, so a
        /// mistake never locks users out.
        case failOpen

        /// `stop` in a debug build of the SDK, `failOpen` in a release build.
        public static var forThisBuild: SetupFailure {
            #if DEBUG
            .stop
            #else
            .failOpen
            #endif
        }
    }

    /// Where a failed-open setup's problem, and in debug builds a failed check's cause, go by
    /// default: the unified log on Apple platforms (subsystem `LaunchGate`), where a release build's
    /// standard error is read by nobody, and standard error elsewhere.
    /// - Parameter message: The problem.
    nonisolated public static func reportSetupProblem(_ message: String) {
        #if canImport(os)
        Logger(subsystem: "LaunchGate", category: "setup").error("\(message, privacy: .public)")
        #else
        FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }
}
