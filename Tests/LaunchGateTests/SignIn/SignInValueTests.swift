import Foundation
import LaunchGate
import Testing

@Suite("Device IDs and session tokens")
struct SignInValueTests {
    @Test("a device ID is 1 to 128 printable ASCII characters")
    func deviceIDRule() {
        #expect(DeviceID("a") != nil)
        #expect(DeviceID(String(repeating: "x", count: 128)) != nil)
        #expect(DeviceID("My iPhone ~!") != nil)
        #expect(DeviceID("") == nil)
        #expect(DeviceID(String(repeating: "x", count: 129)) == nil)
        #expect(DeviceID("tab\there") == nil)
        #expect(DeviceID("line\nbreak") == nil)
        #expect(DeviceID("café") == nil)
    }

    @Test("a random device ID is 32 hex digits drawn from the generator it is given")
    func randomDeviceID() {
        var zeros = RepeatingGenerator(value: 0)
        #expect(DeviceID.random(using: &zeros).rawValue == String(repeating: "0", count: 32))
        var generator = RepeatingGenerator(value: 0x0123_4567_89AB_CDEF)
        #expect(DeviceID.random(using: &generator).rawValue == "0123456789abcdef0123456789abcdef")
        let live = DeviceID.random()
        #expect(live.rawValue.count == 32 && live.rawValue.allSatisfy(\.isHexDigit))
        #expect(live != DeviceID.random())
    }

    @Test("a session token refuses spaces and line breaks, which could rewrite the request's headers")
    func tokenRule() {
        #expect(SessionToken("lgs_abc.DEF-123") != nil)
        #expect(SessionToken("") == nil)
        #expect(SessionToken("lgs_abc def") == nil)
        #expect(SessionToken("lgs_abc\r\nX-Admin: 1") == nil)
        #expect(SessionToken(String(repeating: "t", count: 4097)) == nil)
    }

    @Test("printing a session never shows its token")
    func tokenRedacted() {
        let session = SignInFixtures.storedSession()
        #expect(!String(describing: session).contains("lgs_stored"))
        #expect(!String(reflecting: session.token).contains("lgs_stored"))
        #expect(session.token.rawValue == "lgs_stored")
    }

    @Test("a session is expired from its expiry on, not before")
    func expiry() {
        let session = SignInFixtures.storedSession(expiresAt: Date(timeIntervalSince1970: 100))
        #expect(!session.isExpired(at: Date(timeIntervalSince1970: 99)))
        #expect(session.isExpired(at: Date(timeIntervalSince1970: 100)))
    }
}
