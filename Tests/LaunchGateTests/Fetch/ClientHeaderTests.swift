import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The LaunchGate-Client header: one type renders and parses it")
struct ClientHeaderTests {
    // MARK: Tests

    @Test("what AppInfo sends parses back to the same fields, device included")
    func roundTrip() throws {
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4.0", deviceID: "C0FFEE-1")
        let value = app.clientHeader(installID: "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        #expect(value == #"version="2.4.1", build="241", platform="ios", os="17.4.0", install="6F9619FF-8B86-D011-B42D-00C04FC964FF", device="C0FFEE-1""#)
        let parsed = try #require(ClientHeader.parse(value))
        #expect(parsed == ClientHeader(app: app, installID: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(parsed.device == "C0FFEE-1" && parsed.build == "241")
    }

    @Test("quotes, backslashes, controls and non-ASCII in a value are escaped or dropped, so the result still parses")
    func escaping() throws {
        let header = ClientHeader(version: "1.0", install: "a\"b\\c\nd\u{7}é🙂e")
        let parsed = try #require(ClientHeader.parse(header.rendered()))
        #expect(parsed.install == "a\"b\\cde")
        let long = ClientHeader(install: String(repeating: "x", count: 5_000))
        #expect(ClientHeader.parse(long.rendered())?.install?.count == ClientHeader.maximumValueLength)
    }

    @Test("tokens, integers, tabs, unknown members and a repeated key (last wins) are read as RFC 8941 says")
    func lenient() {
        let members = ClientHeader.parseMembers("platform=ios,\tbuild=241 , future=\"x\", install=\"a\", install=\"b\", n=-5")
        #expect(members == ["platform": "ios", "build": "241", "future": "x", "install": "b", "n": "-5"])
        #expect(ClientHeader.parseMembers("") == [:])
        #expect(ClientHeader.parse("platform=ios")?.platform == "ios")
    }

    @Test("hostile or malformed values are refused whole", arguments: [
        String(repeating: "a=\"b\", ", count: 200),                                   // over the length cap
        (0...ClientHeader.maximumMembers).map { "k\($0)=1" }.joined(separator: ","),  // one member too many
        #"install="abc"#, #"install="a\nb""#, "install=\"a\u{1}b\"", "install=\"é\"",  // unterminated, bad escape, control, non-ASCII
        #"install="a";p=1"#, #"install="a","#, #"Install="a""#, #"="a""#, "install", #"install=("a")"#,
        #"version="1" install="2""#, "install=-", "n=1234567890123456", ",install=\"a\"", String(repeating: "k", count: 65) + "=1",
    ])
    func hostile(value: String) {
        #expect(ClientHeader.parse(value) == nil)
    }

    @Test("seeded random bytes never crash the parser, and whatever it accepts renders to the same fields")
    func fuzz() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("ab=\",\\ ;\t()*-1:/é\u{0}\n".unicodeScalars)
        var accepted = 0
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(state >> 58) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            guard let parsed = ClientHeader.parse(String(text)) else { continue }
            accepted += 1
            #expect(ClientHeader.parse(parsed.rendered()) == parsed, "\(String(text).debugDescription)")
        }
        #expect(accepted > 0)
    }
}
