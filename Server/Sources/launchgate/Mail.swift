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
                // The report replaces control characters in what the mail server said before it reaches the terminal.
                try await components.signIn.outboxStatus().report(now: components.now()).forEach { print($0) }
            }
        }
    }
}
