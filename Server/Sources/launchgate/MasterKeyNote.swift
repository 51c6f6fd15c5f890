import Foundation
import LaunchGateServer

/// What backup and restore say about the master key, which no database copy holds.
enum MasterKeyNote {
    /// Where the master key is, and that it is not in the backup.
    static func text(for configuration: ServerConfiguration) -> String {
        if configuration.masterKey != nil {
            return "The master key is NOT in the backup: it is in LAUNCHGATE_MASTER_KEY. Keep a copy of it apart from the backups; without it the signing key can't be opened."
        }
        let file = configuration.masterKeyFile.path
        let present = FileManager.default.fileExists(atPath: file) ? "" : " (there is no file there now)"
        return "The master key is NOT in the backup: it is in \(file)\(present). Keep a copy of it apart from the backups; without it the signing key can't be opened."
    }
}
