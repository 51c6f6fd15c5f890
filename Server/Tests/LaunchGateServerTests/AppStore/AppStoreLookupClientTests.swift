import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("The lookup client asks one storefront, cache-busted, and refuses answers that are broken or lie")
struct AppStoreLookupClientTests {
    private func client(_ transport: FakeAppStoreTransport) -> AppStoreLookupClient {
        AppStoreLookupClient(transport: transport, baseURL: URL(string: "http://127.0.0.1:9/base")!, cacheBuster: { "n1" })
    }

    /// The refusal of `answer`; `nil` (which no expectation takes for a code) when it was accepted.
    private func lookupError(_ answer: FakeAppStoreTransport.Answer) async throws -> AppStoreLookupError? {
        let transport = FakeAppStoreTransport(["us": answer])
        do {
            _ = try await client(transport).lookup(.bundleID("com.example.notes"), storefront: "us")
            return nil
        } catch let error as AppStoreLookupError {
            return error
        }
    }

    // MARK: Tests

    @Test("the request names the app, the storefront, software and a cache-buster under the base URL")
    func request() async throws {
        let transport = FakeAppStoreTransport(["jp": FakeAppStoreTransport.lookup(version: "2.3.0")])
        _ = try await client(transport).lookup(.bundleID("com.example.notes"), storefront: "jp")
        _ = try? await client(transport).lookup(.appleID("1234567"), storefront: "jp")
        let urls = await transport.requested.map(\.absoluteString)
        #expect(urls == ["http://127.0.0.1:9/base/lookup?bundleId=com.example.notes&country=jp&entity=software&_=n1",
                         "http://127.0.0.1:9/base/lookup?id=1234567&country=jp&entity=software&_=n1"])
    }

    @Test("a storefront's answer gives its version, notes, store page, minimum OS and date")
    func answer() async throws {
        let transport = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.4.0", notes: "New sync.", minimumOS: "17.0")])
        let release = try await client(transport).lookup(.bundleID("com.example.notes"), storefront: "us")
        #expect(release == StorefrontRelease(version: "2.4.0", notes: "New sync.", storeURL: URL(string: "https://apps.apple.com/us/app/notes/id1234567?uo=4"),
                                             minimumOS: "17.0", releaseDate: Date(timeIntervalSince1970: 1_795_161_600)))
    }

    @Test("a missing app, a 503, a redirect, a timeout and a 10 MB body each fail with their own code")
    func failures() async throws {
        #expect(try await lookupError(.json(#"{"resultCount":0,"results":[]}"#))?.code == "missing")
        #expect(try await lookupError(.status(503))?.code == "status")
        #expect(try await lookupError(.status(302))?.code == "status")
        #expect(try await lookupError(.error(.timeout))?.code == "timeout")
        #expect(try await lookupError(.body(Data(repeating: 0x20, count: 10 << 20)))?.code == "too-large")
        #expect(try await lookupError(.error(.failed("connection refused")))?.code == "unreachable")
    }

    @Test("malformed JSON, a wrongly typed field and a count that disagrees with the results are malformed")
    func malformed() async throws {
        #expect(try await lookupError(.json("<html>busy</html>"))?.code == "malformed")
        #expect(try await lookupError(.json(#"{"resultCount":1,"results":[{"version":2.4,"bundleId":"com.example.notes"}]}"#))?.code == "malformed")
        #expect(try await lookupError(.json(#"{"resultCount":2,"results":[{"version":"2.4","bundleId":"com.example.notes"}]}"#))?.code == "malformed")
    }

    @Test("another app's bundle ID, a version that isn't one, a store URL off apps.apple.com and over-long notes are refused")
    func lies() async throws {
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "2.4.0", bundleID: "com.evil.notes"))?.code == "refused")
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "latest!"))?.code == "refused")
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "2.4.0", url: "http://apps.apple.com/app/id1"))?.code == "refused")
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "2.4.0", url: "https://apps.apple.com.evil.example/app"))?.code == "refused")
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "2.4.0", notes: String(repeating: "a", count: 4001)))?.code == "refused")
        #expect(try await lookupError(FakeAppStoreTransport.lookup(version: "2.4.0", minimumOS: "sixteen"))?.code == "refused")
    }

    @Test("a link by Apple ID takes only an answer carrying that Apple ID as its trackId, and refuses another app's or none (review s13, G6)")
    func appleIDChecked() async throws {
        func answer(for id: String, _ answer: FakeAppStoreTransport.Answer) async throws -> String {
            do {
                _ = try await client(FakeAppStoreTransport(["us": answer])).lookup(.appleID(id), storefront: "us")
                return "ok"
            } catch let error as AppStoreLookupError { return error.code }
        }
        let ours = FakeAppStoreTransport.lookup(version: "2.4.0")
        #expect(try await answer(for: "1234567", ours) == "ok")
        #expect(try await answer(for: "7654321", ours) == "refused")
        #expect(try await answer(for: "1234567", .json(#"{"resultCount":1,"results":[{"version":"2.4.0","bundleId":"com.example.notes"}]}"#)) == "refused")
    }

    @Test("two results for one app are refused as malformed, not the first taken (attack s13, 7)")
    func twoResults() async throws {
        let two = #"{"resultCount":2,"results":[{"version":"2.7.0","bundleId":"com.example.notes"},{"version":"9.0.0","bundleId":"com.example.notes"}]}"#
        #expect(try await lookupError(.json(two))?.code == "malformed")
    }

    @Test("release notes lose control characters and bidirectional overrides, and keep line breaks, tabs and right-to-left text (attack s13, 6)")
    func notesShownAsText() {
        #expect(AppStoreLookupClient.shownText("Fixes\u{0}\u{7}:\n\t- sync\u{202E}txt.exe\u{2066}") == "Fixes:\n\t- synctxt.exe")
        #expect(AppStoreLookupClient.shownText("تحسينات\nשיפורים") == "تحسينات\nשיפורים")
    }

    @Test("the base URL is https, or http only to a loopback host when allowed (--appstore-allow-loopback-http)")
    func baseURL() throws {
        #expect(try AppStoreLookupURL.parse("https://itunes.apple.com").host == "itunes.apple.com")
        #expect(try AppStoreLookupURL.parse("http://127.0.0.1:8123", allowLoopbackHTTP: true).port == 8123)
        #expect(throws: AppStoreLinkError.self) { try AppStoreLookupURL.parse("http://example.com", allowLoopbackHTTP: true) }
        #expect(throws: AppStoreLinkError.self) { try AppStoreLookupURL.parse("http://127.0.0.1:8123") }
        #expect(throws: AppStoreLinkError.self) { try AppStoreLookupURL.parse("ftp://itunes.apple.com") }
    }
}
