import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The file session store: owner-only, atomic, and forgiving of damage")
struct FileSessionStoreTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-\(UUID().uuidString)")
    private var file: URL { directory.appendingPathComponent("nested/sign-in.json") }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber).intValue
    }

    // MARK: Tests

    @Test("a session and device ID survive a new store instance, in a 0600 file in a 0700 directory")
    func persistsOwnerOnly() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileSessionStore(url: file).saveDeviceID(SignInFixtures.device)
        try FileSessionStore(url: file).saveSession(SignInFixtures.storedSession(isNewUser: true))
        let reopened = FileSessionStore(url: file)
        #expect(try reopened.loadSession() == SignInFixtures.storedSession(isNewUser: true))
        #expect(try reopened.loadDeviceID() == SignInFixtures.device)
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(file.deletingLastPathComponent()) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(leftovers == ["sign-in.json"], "no temporary files are left behind")
    }

    @Test("a file written earlier with looser permissions is replaced by a 0600 one on the next write")
    func tightensPermissions() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSessionStore(url: file)
        try store.saveDeviceID(SignInFixtures.device)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try store.saveSession(SignInFixtures.storedSession())
        #expect(try permissions(file) == 0o600)
    }

    @Test("removing the session keeps the device ID, and the file goes once nothing is left")
    func removeSession() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSessionStore(url: file)
        try store.saveSession(SignInFixtures.storedSession())
        try store.removeSession()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try store.saveDeviceID(SignInFixtures.device)
        try store.saveSession(SignInFixtures.storedSession())
        try store.removeSession()
        #expect(try store.loadSession() == nil)
        #expect(try store.loadDeviceID() == SignInFixtures.device)
        try store.removeSession()
    }

    @Test("a damaged file reads as signed out, and the next save replaces it")
    func damaged() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        for damage in ["{{{ not json", #"{"version": 99, "session": null}"#, #"{"version": 1, "deviceID": "bad\nid"}"#] {
            try Data(damage.utf8).write(to: file)
            let store = FileSessionStore(url: file)
            #expect(try store.loadSession() == nil && store.loadDeviceID() == nil, "\(damage)")
        }
        try FileSessionStore(url: file).saveSession(SignInFixtures.storedSession())
        #expect(try FileSessionStore(url: file).loadSession() == SignInFixtures.storedSession())
    }

    @Test("a write that can't reach its directory throws a storage error and leaves no file")
    func failedWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A file where the directory should be: no permission trick, so the test means the same as root.
        try Data("not a directory".utf8).write(to: file.deletingLastPathComponent())
        let store = FileSessionStore(url: file)
        let error = #expect(throws: SignInError.self) { try store.saveSession(SignInFixtures.storedSession()) }
        #expect(error == .storageFailed(""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["nested"])
    }

    @Test("a store whose file can't be read throws instead of reporting signed out")
    func unreadable() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file.appendingPathComponent("child"), withIntermediateDirectories: true)
        #expect(throws: SignInError.self) { try FileSessionStore(url: file).loadSession() }
    }
}
