import ArgumentParser

/// `launchgate appstore`: what the server reads from the App Store and App Store Connect.
struct AppStore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appstore",
        abstract: "Link apps to the App Store, and follow Apple's phased release.",
        subcommands: [AppStoreCredentials.self])
}
