import Foundation
import Testing
@testable import LaunchGate

/// A keychain as a dictionary of items by service and account, which can refuse writes.
private final class ItemTable {
    var items: [String: Data] = [:]
    var refusesWrites = false

    func item(_ service: String, _ account: String) -> Data? { items["\(service)|\(account)"] }
    func write(_ data: Data, _ service: String, _ account: String) throws {
        if refusesWrites { throw SignInError.storageFailed("refused") }
        items["\(service)|\(account)"] = data
    }
    func delete(_ service: String, _ account: String) { items["\(service)|\(account)"] = nil }

    func read(_ account: String, service: String) throws -> Data? {
        try KeychainService.read(account, service: service, read: item, write: write, delete: delete)
    }
}

@Suite("The keychain's service name: the app's, in its extensions too, and items moved from the first releases' fixed name")
struct KeychainServiceTests {
    private let notes = URL(fileURLWithPath: "/private/var/containers/Bundle/Application/A1/Notes.app")

    @Test("an app extension names the containing app's items, so a widget sharing the access group reads the app's session")
    func extensionUsesTheAppsID() {
        let ids = [notes.path: "com.example.notes"]
        let read = { (url: URL) in ids[url.path] }
        let widget = notes.appendingPathComponent("PlugIns/NotesWidget.appex")
        #expect(KeychainService.appBundleIdentifier(bundleURL: widget, bundleIdentifier: "com.example.notes.widget",
                                                    identifierAt: read) == "com.example.notes")
        #expect(KeychainService.appBundleIdentifier(bundleURL: notes, bundleIdentifier: "com.example.notes",
                                                    identifierAt: read) == "com.example.notes")
        // macOS keeps extensions in Contents/PlugIns.
        let mac = URL(fileURLWithPath: "/Applications/Notes.app")
        let macWidget = mac.appendingPathComponent("Contents/PlugIns/NotesWidget.appex")
        #expect(KeychainService.appBundleIdentifier(bundleURL: macWidget, bundleIdentifier: "com.example.notes.widget",
                                                    identifierAt: { $0.path == mac.path ? "com.example.notes" : nil }) == "com.example.notes")
        // An extension outside any app (a test host, say) keeps its own.
        let loose = URL(fileURLWithPath: "/tmp/Loose.appex")
        #expect(KeychainService.appBundleIdentifier(bundleURL: loose, bundleIdentifier: "com.example.loose",
                                                    identifierAt: read) == "com.example.loose")
    }

    @Test("a session an earlier release stored under the fixed name is read, moved to the app's name, and read from there after")
    func legacyItemMoved() throws {
        let table = ItemTable()
        let session = Data("session".utf8)
        table.items["launchgate.sign-in|session"] = session
        let service = KeychainService.name(bundleIdentifier: "com.example.notes")
        #expect(try table.read("session", service: service) == session, "the user stays signed in")
        #expect(table.items["com.example.notes.launchgate.sign-in|session"] == session)
        #expect(table.items["launchgate.sign-in|session"] == nil, "the old item is gone, so a sign-out can't bring it back")
        #expect(try table.read("session", service: service) == session)
    }

    @Test("a move that can't be written keeps the old item, and reads it until the move succeeds")
    func failedMoveKeepsTheOldItem() throws {
        let table = ItemTable()
        let device = Data("device-1".utf8)
        table.items["launchgate.sign-in|device-id"] = device
        table.refusesWrites = true
        let service = KeychainService.name(bundleIdentifier: "com.example.notes")
        #expect(try table.read("device-id", service: service) == device, "the device keeps its ID")
        #expect(table.items["launchgate.sign-in|device-id"] == device)
        table.refusesWrites = false
        #expect(try table.read("device-id", service: service) == device)
        #expect(table.items["launchgate.sign-in|device-id"] == nil)
        #expect(table.items["com.example.notes.launchgate.sign-in|device-id"] == device)
    }

    @Test("nothing under either name is nothing; the new name wins over the old")
    func newNameWins() throws {
        let table = ItemTable()
        let service = KeychainService.name(bundleIdentifier: "com.example.notes")
        #expect(try table.read("session", service: service) == nil)
        table.items["launchgate.sign-in|session"] = Data("old".utf8)
        table.items["\(service)|session"] = Data("new".utf8)
        #expect(try table.read("session", service: service) == Data("new".utf8))
        #expect(table.items["launchgate.sign-in|session"] == Data("old".utf8), "left alone: only a miss moves")
    }
}
