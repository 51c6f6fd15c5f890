import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Tests run as root, so failures are made of things root can't read through either: a
/// directory, bytes that are not a key, a link to nowhere.
@Suite("The master key file is created once and never replaced")
struct MasterKeyTests {
    /// A fresh folder, removed afterwards whatever happens.
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do { try await body(folder) } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Loading `file` throws a ``MasterKeyError`` of `kind` and leaves the file's bytes as they were.
    private func expectRefused(_ file: URL, kind: MasterKeyError.Reason, mentioning words: String) throws {
        let before = FileManager.default.contents(atPath: file.path)
        let error = #expect(throws: MasterKeyError.self) { try MasterKey.load(environmentValue: nil, file: file, create: true) }
        #expect(error?.reason == kind)
        #expect(error?.message.contains(file.path) == true, "the message names the file: \(String(describing: error))")
        #expect(error?.message.contains(words) == true, "the message says why: \(String(describing: error))")
        #expect(FileManager.default.contents(atPath: file.path) == before)
    }

    // MARK: Tests

    @Test("an absent key file is created with mode 0600, and read back as the same key afterwards")
    func createsOnce() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            let created = try MasterKey.load(environmentValue: nil, file: file, create: true)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let bytes = try Data(contentsOf: file)
            let sealed = try created.seal(Data("secret".utf8))
            let loaded = try MasterKey.load(environmentValue: nil, file: file, create: true)
            #expect(try loaded.open(sealed) == Data("secret".utf8))
            #expect(try Data(contentsOf: file) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["lg.key"], "no temporary file is left")
        }
    }

    @Test("an absent key file without permission to create one is a missing-key error that says what to do")
    func missingWithoutCreate() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            let error = #expect(throws: MasterKeyError.self) { try MasterKey.load(environmentValue: nil, file: file, create: false) }
            #expect(error?.reason == .missing)
            #expect(error?.message.contains("keys generate") == true)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("a key file that is not UTF-8 stops start-up and is left byte for byte")
    func notUTF8() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            try Data([0xff, 0xfe, 0x00, 0x80, 0xc3]).write(to: file)
            try expectRefused(file, kind: .malformed, mentioning: "UTF-8")
        }
    }

    @Test("a key file that is not base64 stops start-up and is left byte for byte")
    func notBase64() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            try Data("not a key at all!".utf8).write(to: file)
            try expectRefused(file, kind: .malformed, mentioning: "base64")
        }
    }

    @Test("a key of the wrong length stops start-up and is left byte for byte")
    func wrongLength() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            try Data(Data(repeating: 1, count: 16).base64EncodedString().utf8).write(to: file)
            try expectRefused(file, kind: .malformed, mentioning: "16 bytes")
        }
    }

    @Test("a directory where the key file should be is unreadable, not missing, and stays as it was")
    func directory() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            let error = #expect(throws: MasterKeyError.self) { try MasterKey.load(environmentValue: nil, file: file, create: true) }
            #expect(error?.reason == .unreadable)
            #expect(error?.message.contains(file.path) == true)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)
            #expect(try FileManager.default.contentsOfDirectory(atPath: file.path).isEmpty)
        }
    }

    @Test("a key file that is a link to a missing file is an error; no key is written through the link")
    func danglingLink() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("lg.key")
            let target = folder.appendingPathComponent("mounted-secret/lg.key")
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target.path)
            let error = #expect(throws: MasterKeyError.self) { try MasterKey.load(environmentValue: nil, file: file, create: true) }
            #expect(error?.reason == .unreadable)
            #expect(error?.message.contains("symbolic link") == true)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == target.path)
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test("LAUNCHGATE_MASTER_KEY that is not base64 of 32 bytes is refused by name")
    func environment() throws {
        let file = URL(fileURLWithPath: "/nonexistent/lg.key")
        let notBase64 = #expect(throws: MasterKeyError.self) { try MasterKey.load(environmentValue: "%%%", file: file, create: true) }
        #expect(notBase64?.reason == .malformed)
        #expect(notBase64?.message.contains("LAUNCHGATE_MASTER_KEY") == true)
        let short = #expect(throws: MasterKeyError.self) {
            try MasterKey.load(environmentValue: Data(repeating: 3, count: 31).base64EncodedString(), file: file, create: true)
        }
        #expect(short?.reason == .malformed)
    }

    @Test("start-up stops with a clear message when the master key does not open the stored signing key; the file is left as it was")
    func wrongKeyAtStartUp() async throws {
        try await withFolder { folder in
            let database = DatabaseLocation.sqlite(path: folder.appendingPathComponent("lg.sqlite").path)
            let first = ServerConfiguration(database: database, masterKeyFile: folder.appendingPathComponent("first.key"))
            let components = try await ServerComponents.open(first, createMasterKey: true, checkMasterKey: true, logger: TestBackend.logger)
            try await components.signingKeys.generate(now: Samples.now)
            await components.database?.close()

            let other = folder.appendingPathComponent("other.key")
            try Data(Data(repeating: 5, count: 32).base64EncodedString().utf8).write(to: other)
            let before = try Data(contentsOf: other)
            let wrong = ServerConfiguration(database: database, masterKeyFile: other)
            let error = await #expect(throws: MasterKeyError.self) {
                let opened = try await ServerComponents.open(wrong, createMasterKey: true, checkMasterKey: true, logger: TestBackend.logger)
                await opened.database?.close()
            }
            #expect(error?.reason == .wrongKey)
            #expect(error?.message.contains(other.path) == true)
            #expect(try Data(contentsOf: other) == before)

            // The right key still opens it.
            let reopened = try await ServerComponents.open(first, createMasterKey: false, checkMasterKey: true, logger: TestBackend.logger)
            #expect(try await reopened.signingKeys.active() != nil)
            await reopened.database?.close()
        }
    }

    @Test("a lost key file is reported, not replaced by a new key, when the database holds a sealed signing key")
    func lostKeyIsNotRecreated() async throws {
        try await withFolder { folder in
            let database = DatabaseLocation.sqlite(path: folder.appendingPathComponent("lg.sqlite").path)
            let keyFile = folder.appendingPathComponent("lg.key")
            let configuration = ServerConfiguration(database: database, masterKeyFile: keyFile)
            let components = try await ServerComponents.open(configuration, createMasterKey: true, checkMasterKey: true, logger: TestBackend.logger)
            try await components.signingKeys.generate(now: Samples.now)
            await components.database?.close()
            try FileManager.default.removeItem(at: keyFile)

            for check in [true, false] {
                let error = await #expect(throws: MasterKeyError.self) {
                    let opened = try await ServerComponents.open(configuration, createMasterKey: true, checkMasterKey: check, logger: TestBackend.logger)
                    // Only reached by a regression: close what it opened, then fail through the key use.
                    do { _ = try await opened.signingKeys.active() } catch {
                        await opened.database?.close()
                        throw error
                    }
                    await opened.database?.close()
                }
                #expect(error?.reason == .missing)
                #expect(error?.message.contains(keyFile.path) == true)
                #expect(error?.message.contains("restore") == true)
                #expect(!FileManager.default.fileExists(atPath: keyFile.path))
            }
        }
    }
}
