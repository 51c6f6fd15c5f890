import ArgumentParser
import Foundation
import LaunchGateServer

/// `launchgate mail status`: what the outbox holds, and what could not be delivered.
struct Mail: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Inspect sign-in mail delivery.", subcommands: [Status.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Messages per state, the oldest waiting one, and the newest permanent failures.",
            discussion: "A permanent failure is an SMTP 5xx to the sender, the recipient or the message; the next send-code to that address answers delivery_failed.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                let status = try await components.signIn.outboxStatus()
                for state in OutboxMessage.State.allCases {
                    print("\(state.rawValue):\t\(status.counts[state.rawValue] ?? 0)")
                }
                if let oldest = status.oldestPendingAt {
                    print("oldest waiting since \(oldest.formatted(.iso8601)) (\(Int(Date().timeIntervalSince(oldest))) s)")
                }
                if !status.failures.isEmpty { print("permanent failures, newest first:") }
                for failure in status.failures {
                    print("  \((failure.finishedAt ?? failure.createdAt).formatted(.iso8601))\t\(failure.appID)\t\(failure.email)\t\(failure.lastError ?? "")")
                }
            }
        }
    }
}
