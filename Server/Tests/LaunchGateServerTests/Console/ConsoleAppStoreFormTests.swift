import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The console's App Store forms link, sync and unlink with the publish scope and keep the App Store Connect key with the admin scope, as the API does")
struct ConsoleAppStoreFormTests {
    private static let page = "/console/apps/notes/appstore"

    /// A browser signed in with a token of `scope`, and its page's CSRF token.
    private func signedIn(_ client: some TestClientProtocol, _ server: TestServer, _ scope: TokenScope) async throws -> (ConsoleBrowser, String) {
        let browser = ConsoleBrowser(client)
        try await browser.signIn(scope == .admin ? server.adminToken : try await server.token(scope: scope))
        return (browser, ConsoleBrowser.csrf(in: try await browser.get(Self.page)))
    }

    /// Runs `body` with a server whose own poller is off (these tests poll only when they post "Sync now"),
    /// and whose lookup URL is a loopback port nothing answers, so no test leaves the machine.
    private func withServer(_ body: (TestServer) async throws -> Void) async throws {
        try await TestServer.with { original in
            var server = original
            server.configuration.appStorePolling = false
            server.configuration.appStoreLookupURL = try AppStoreLookupURL.parse("http://127.0.0.1:9", allowLoopbackHTTP: true)
            try await body(server)
        }
    }

    private func link(_ server: TestServer) async throws {
        try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
    }

    // MARK: Tests

    @Test("a publish token links a platform with its storefronts normalised and its pins, and the page says so")
    func linkSucceeds() async throws {
        try await withServer { server in
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .publish)
                let linked = try await browser.post("\(Self.page)/link", [("csrf", csrf), ("platform", "ios"), ("identityKind", "appleId"), ("identity", "id1234"),
                                                                        ("storefronts", "US, jp fr"), ("pins", "notes"), ("pins", "latest")])
                #expect(linked.status == .seeOther)
                let stored = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios))
                #expect(stored.identity == .appleID("1234") && stored.storefronts == ["us", "jp", "fr"] && stored.pins == [.notes, .latest])
                let page = try await browser.get(try #require(linked.headers[.location]))
                #expect(page.text.contains("Linked ios to the App Store") && page.text.contains("fr") && page.text.contains("latest, notes"))
            }
        }
    }

    @Test("a bad storefront, an unknown pin, a bad bundle ID and no platform come back next to their fields, with a 400 and nothing stored")
    func linkRefusals() async throws {
        try await withServer { server in
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .publish)
                let valid = [("csrf", csrf), ("platform", "ios"), ("identityKind", "bundleId"), ("identity", "com.example.notes"), ("storefronts", "us")]
                func post(replacing name: String, with value: String) async throws -> TestResponse {
                    try await browser.post("\(Self.page)/link", valid.filter { $0.0 != name } + [(name, value)])
                }
                let storefront = try await post(replacing: "storefronts", with: "us, usa")
                #expect(storefront.status == .badRequest && storefront.text.contains(#"id="storefronts-error""#))
                #expect(storefront.text.contains("&#39;usa&#39; is not a storefront") || storefront.text.contains("'usa' is not a storefront"))
                #expect(storefront.text.contains(#"value="us, usa""#), "the field as typed")
                let pin = try await post(replacing: "pins", with: "colour")
                #expect(pin.status == .badRequest && pin.text.contains(#"id="pins-error""#))
                let identity = try await post(replacing: "identity", with: "com example")
                #expect(identity.status == .badRequest && identity.text.contains(#"id="identity-error""#))
                let platform = try await post(replacing: "platform", with: "symbian")
                #expect(platform.status == .badRequest && platform.text.contains(#"id="platform-error""#))
                #expect(try await server.components.appStoreLinks.links(app: "notes").isEmpty)
            }
        }
    }

    @Test("link, unlink and sync posts without the session's CSRF token, or from a read token, are refused and change nothing")
    func linkUnlinkSyncNeedCSRFAndPublish() async throws {
        try await withServer { server in
            try await link(server)
            try await server.application.test(.live) { client in
                let (publisher, _) = try await signedIn(client, server, .publish)
                let (reader, readerCSRF) = try await signedIn(client, server, .read)
                let page = try await reader.get(Self.page)
                #expect(page.status == .ok && !page.text.contains("/appstore/link") && !page.text.contains("/appstore/unlink")
                        && !page.text.contains("/appstore/sync"))
                let link = [("platform", "ipados"), ("identity", "com.example.notes"), ("storefronts", "us")]
                for (path, fields) in [("link", link), ("unlink", [("platform", "ios")]), ("sync", [("platform", "ios")])] {
                    #expect(try await publisher.post("\(Self.page)/\(path)", fields).status == .forbidden, "\(path) without CSRF")
                    #expect(try await publisher.post("\(Self.page)/\(path)", [("csrf", "forged")] + fields).status == .forbidden, "\(path) with another CSRF")
                    #expect(try await reader.post("\(Self.page)/\(path)", [("csrf", readerCSRF)] + fields).status == .forbidden, "\(path) by a read token")
                }
                let stored = try await server.components.appStoreLinks.links(app: "notes")
                #expect(stored.map(\.platform) == [.ios] && stored[0].status.lastPollAt == nil, "still linked, never polled")
            }
        }
    }

    @Test("unlinking keeps what was published and says whether it withdrew per-storefront versions (attack s15b, 8); unlinking an unlinked platform is a 404 on the page, not a 500")
    func unlink() async throws {
        try await withServer { server in
            try await link(server)
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .publish)
                let unlinked = try await browser.post("\(Self.page)/unlink", [("csrf", csrf), ("platform", "ios")])
                #expect(unlinked.status == .seeOther)
                #expect(try await server.components.appStoreLinks.links(app: "notes").isEmpty)
                let none = try await browser.get(try #require(unlinked.headers[.location])).text
                #expect(none.contains("Unlinked ios; it had no per-storefront versions published") && !none.contains("were withdrawn"), "\(none)")
                try await link(server)
                var served = Samples.policy()
                served.platforms[.ios]?.storefronts = ["us": "2.4.1"]
                _ = try await server.components.policies.publish(served, app: "notes", channel: .production, author: "t")
                let withdrew = try await browser.post("\(Self.page)/unlink", [("csrf", csrf), ("platform", "ios")])
                let page = try await browser.get(try #require(withdrew.headers[.location])).text
                #expect(page.contains("Unlinked ios; its per-storefront versions were withdrawn"), "\(page)")
                let again = try await browser.post("\(Self.page)/unlink", [("csrf", csrf), ("platform", "ios")])
                #expect(again.status == .notFound && again.text.contains(#"id="appstore-problems""#) && again.text.contains("not linked to the App Store"))
            }
        }
    }

    @Test("Sync now polls at once (with reset) and shows each storefront's failure on the page, named with its platform; an unlinked platform is a 404 on the page")
    func sync() async throws {
        try await withServer { server in
            try await link(server)
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .publish)
                let synced = try await browser.post("\(Self.page)/sync", [("csrf", csrf), ("platform", "ios"), ("reset", "on")])
                #expect(synced.status == .ok && synced.text.contains(#"id="appstore-problems""#) && synced.text.contains("<li>ios · us: "),
                        "each problem names the platform synced, as the box sits above every platform's card")
                let stored = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios))
                #expect(stored.status.lastPollAt != nil && stored.status.lastError != nil, "the poll ran and recorded its failure")
                let unlinked = try await browser.post("\(Self.page)/sync", [("csrf", csrf), ("platform", "macos")])
                #expect(unlinked.status == .notFound && unlinked.text.contains("not linked to the App Store on macos"))
            }
        }
    }

    @Test("a held answer has an Accept button with its version; accepting one no storefront answers is a 409 that says nothing changed (attack s15, 4)")
    func acceptHeld() async throws {
        try await withServer { server in
            try await link(server)
            let linked = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios))
            var status = linked.status
            status.ignoredAnswers = [IgnoredAnswer(storefront: "us", version: "12.0.0", reason: .held(trusted: "2.4.1", jump: .majors(5)))]
            #expect(try await server.components.appStoreLinks.record(linked, served: [:], status: status, reset: false))
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .publish)
                let page = try await browser.get(Self.page)
                #expect(page.text.contains(#"<input type="hidden" name="accept" value="12.0.0">"#) && page.text.contains(">Accept 12.0.0</button>"))
                let accepted = try await browser.post("\(Self.page)/sync", [("csrf", csrf), ("platform", "ios"), ("accept", "12.0.0")])
                #expect(accepted.status == .conflict && accepted.text.contains("nothing accepted, nothing changed"), "\(accepted.status)")
                let (reader, _) = try await signedIn(client, server, .read)
                #expect(!(try await reader.get(Self.page)).text.contains(">Accept 12.0.0</button>"), "a read token gets no button")
            }
        }
    }

    @Test("an admin stores an App Store Connect key (the page shows its key ID, never the key) and removes it")
    func credentialsSetAndRemove() async throws {
        try await withServer { server in
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .admin)
                #expect(try await browser.get(Self.page).text.contains("Not set."))
                let pem = try AppStoreConnectFixture.privateKeyPEM
                let set = try await browser.post("\(Self.page)/credentials", [("csrf", csrf), ("issuerId", AppStoreConnectFixture.issuerID),
                                                                              ("keyId", AppStoreConnectFixture.keyID), ("privateKey", pem)])
                #expect(set.status == .seeOther)
                #expect(try await server.components.appStoreConnectKeys.summary(app: "notes")?.keyID == AppStoreConnectFixture.keyID)
                let page = try await browser.get(try #require(set.headers[.location]))
                let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
                #expect(page.text.contains("Stored the App Store Connect key") && page.text.contains(AppStoreConnectFixture.keyID))
                #expect(!page.text.contains(body), "the key is never shown")
                let removed = try await browser.post("\(Self.page)/credentials/remove", [("csrf", csrf)])
                #expect(removed.status == .seeOther)
                #expect(try await server.components.appStoreConnectKeys.summary(app: "notes") == nil)
                let again = try await browser.post("\(Self.page)/credentials/remove", [("csrf", csrf)])
                #expect(again.status == .notFound && again.text.contains("has no App Store Connect key"))
            }
        }
    }

    @Test("a key that isn't P-256 and a malformed key ID come back next to their fields with a 400, the key never shown back")
    func credentialsRefusals() async throws {
        try await withServer { server in
            try await server.application.test(.live) { client in
                let (browser, csrf) = try await signedIn(client, server, .admin)
                let notP256 = try await browser.post("\(Self.page)/credentials", [("csrf", csrf), ("issuerId", AppStoreConnectFixture.issuerID),
                                                                                  ("keyId", "KEY1"), ("privateKey", "-----BEGIN PRIVATE KEY-----\nsecret-ish\n")])
                #expect(notP256.status == .badRequest && notP256.text.contains(#"id="private-key-error""#) && notP256.text.contains("not a P-256 key"))
                #expect(!notP256.text.contains("secret-ish") && notP256.text.contains(#"value="KEY1""#))
                let keyID = try await browser.post("\(Self.page)/credentials", [("csrf", csrf), ("issuerId", AppStoreConnectFixture.issuerID),
                                                                                ("keyId", "KEY 1"), ("privateKey", try AppStoreConnectFixture.privateKeyPEM)])
                #expect(keyID.status == .badRequest && keyID.text.contains(#"id="key-id-error""#))
                #expect(try await server.components.appStoreConnectKeys.summary(app: "notes") == nil)
            }
        }
    }

    @Test("setting or removing the key needs the session's CSRF token and the admin scope; a publish token sees only whether one is set")
    func credentialsNeedCSRFAndAdmin() async throws {
        try await withServer { server in
            try await server.application.test(.live) { client in
                let fields = [("issuerId", AppStoreConnectFixture.issuerID), ("keyId", AppStoreConnectFixture.keyID), ("privateKey", try AppStoreConnectFixture.privateKeyPEM)]
                let (admin, _) = try await signedIn(client, server, .admin)
                #expect(try await admin.post("\(Self.page)/credentials", fields).status == .forbidden)
                let (publisher, csrf) = try await signedIn(client, server, .publish)
                let page = try await publisher.get(Self.page)
                #expect(page.text.contains(#"id="credentials-status""#) && !page.text.contains("/appstore/credentials\""))
                #expect(try await publisher.post("\(Self.page)/credentials", [("csrf", csrf)] + fields).status == .forbidden)
                #expect(try await server.components.appStoreConnectKeys.summary(app: "notes") == nil)
                try await server.components.appStoreConnectKeys.set(app: "notes", issuerID: AppStoreConnectFixture.issuerID,
                                                                    keyID: AppStoreConnectFixture.keyID, privateKeyPEM: try AppStoreConnectFixture.privateKeyPEM)
                #expect(try await admin.post("\(Self.page)/credentials/remove", []).status == .forbidden)
                #expect(try await publisher.post("\(Self.page)/credentials/remove", [("csrf", csrf)]).status == .forbidden)
                #expect(try await server.components.appStoreConnectKeys.summary(app: "notes") != nil)
            }
        }
    }
}
