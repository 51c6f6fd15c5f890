import ArgumentParser
import Foundation
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage
import Logging

/// The options every database command shares. Flags win over environment variables; this is the
/// one place either is read (with `Serve`'s network options).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "postgres://user:pass@host/db, or a SQLite file path. Env: LAUNCHGATE_DATABASE_URL.")
    var databaseURL: String?

    @Option(name: .customLong("master-key-file"), help: "The file holding the key that seals signing keys. Env: LAUNCHGATE_MASTER_KEY holds the key itself.")
    var masterKeyFile: String?

    func configuration(base: ServerConfiguration = ServerConfiguration()) throws -> ServerConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = base
        // The variable is checked even beside the flag (EnvironmentOption), as every other one is.
        let location = try EnvironmentOption.value(databaseURL, flag: "database-url", environment: environment) { url in
            do { return try DatabaseLocation(parsing: url) } catch { throw OptionRefusal(": \(error)") }
        }
        if let location { configuration.database = location }
        configuration.masterKey = environment["LAUNCHGATE_MASTER_KEY"]
        // The variable would win over the file without a word (attack s12, C5): a deployment that
        // names a key file expects that key.
        if configuration.masterKey != nil, masterKeyFile != nil {
            throw ValidationError("LAUNCHGATE_MASTER_KEY and --master-key-file are both given; give the master key one way")
        }
        configuration.masterKeyFile = masterKeyFile.map { URL(fileURLWithPath: $0) }
            ?? ServerConfiguration.defaultKeyFile(for: configuration.database)
        return configuration
    }

    /// Opens the database (migrating it), runs the work, and closes it.
    /// - Parameters:
    ///   - createMasterKey: Whether an absent master key file may be created.
    ///   - checkMasterKey: For commands that sign: check first that the master key opens the signing key.
    ///   - adoption: The publish guard and install settings.
    func withComponents<T>(createMasterKey: Bool = false, checkMasterKey: Bool = false, adoption: AdoptionConfiguration = AdoptionConfiguration(),
                           webhookAllowPrivate: Bool = false, _ body: (ServerComponents) async throws -> T) async throws -> T {
        var configuration = try configuration()
        configuration.adoption = adoption
        configuration.webhookAllowPrivate = webhookAllowPrivate
        let components = try await ServerComponents.open(configuration, createMasterKey: createMasterKey,
                                                         checkMasterKey: checkMasterKey, logger: Self.quietLogger)
        do {
            let result = try await body(components)
            await components.database?.close()
            return result
        } catch {
            await components.database?.close()
            throw error
        }
    }

    static let quietLogger: Logger = {
        var logger = Logger(label: "launchgate")
        logger.logLevel = .warning
        return logger
    }()
}
