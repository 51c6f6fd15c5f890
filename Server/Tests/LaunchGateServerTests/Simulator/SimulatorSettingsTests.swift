import Foundation
import LaunchGate
import Testing
@testable import LaunchGateSimulator

@Suite("Simulator settings: languages, the server's URL, the state folder and the clock")
struct SimulatorSettingsTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-simulate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: Tests

    @Test("--language takes repeats and comma lists, in order, without duplicates; English when none")
    func languages() throws {
        #expect(try SimulatorSettings.languages(parsing: []) == ["en"])
        #expect(try SimulatorSettings.languages(parsing: ["fr"]) == ["fr"])
        #expect(try SimulatorSettings.languages(parsing: ["fr, de", "en", "FR", "pt-BR", "zh_Hant"]) == ["fr", "de", "en", "pt-BR", "zh_Hant"])
    }

    @Test("--language refuses what is not a language tag, and too many", arguments: [
        ["f r"], ["fr,"], [""], ["-fr"], ["fr--ca"], ["français"], ["toolongtag"], ["en\u{1B}"],
        (1...17).map { "l\($0)" },
    ])
    func badLanguages(values: [String]) {
        #expect(throws: SimulatorInputError.self) { try SimulatorSettings.languages(parsing: values) }
    }

    @Test("--storefront takes a two- or three-letter App Store country code, in any case; none is an unknown storefront")
    func storefronts() throws {
        #expect(try SimulatorSettings.storefront(parsing: nil) == nil)
        #expect(try SimulatorSettings.storefront(parsing: "fr")?.code == "fr")
        #expect(try SimulatorSettings.storefront(parsing: "JPN")?.code == "jp")
        for bad in ["uk", "", "united states", "zz"] {
            #expect(throws: SimulatorInputError.self) { try SimulatorSettings.storefront(parsing: bad) }
        }
    }

    @Test("the server's URL is http or https with a host; the policy path, platform and channel are added to it")
    func urls() throws {
        let key = try PolicyPublicKey("ed25519:" + Data(repeating: 7, count: 32).base64EncodedString())
        let root = try SimulatorSettings.serverURL(parsing: "http://localhost:8080")
        let settings = SimulatorSettings(serverURL: root, appID: "demo", app: AppInfo(version: "1.9.0", platform: .android),
                                         publicKey: key, stateDirectory: URL(fileURLWithPath: "/tmp/x"))
        #expect(settings.policyURL.absoluteString == "http://localhost:8080/v1/apps/demo/policy?platform=android&channel=production")
        var mounted = settings
        mounted.serverURL = try SimulatorSettings.serverURL(parsing: "https://example.com/lg/")
        mounted.channel = .beta
        #expect(mounted.policyURL.absoluteString == "https://example.com/lg/v1/apps/demo/policy?platform=android&channel=beta")
        for bad in ["localhost:8080", "ftp://example.com", "http://", "http://localhost:8080/?x=1", "not a url"] {
            #expect(throws: SimulatorInputError.self) { try SimulatorSettings.serverURL(parsing: bad) }
        }
    }

    @Test("the clock's offset survives a new clock on the same file, and stops at ten years")
    func clock() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clock.json")
        let real = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = try SimulatedClock(file: file, base: { real })
        #expect(clock.date() == real)
        try clock.advance(by: try SimulatedDuration(parsing: "25h"))
        #expect(clock.now() == real.addingTimeInterval(90_000))
        let relaunched = try SimulatedClock(file: file, base: { real })
        #expect(relaunched.offsetSeconds == 90_000 && relaunched.offsetDescription == "1d1h")
        #expect(throws: SimulatorInputError.self) { try relaunched.advance(by: try SimulatedDuration(parsing: "3650d")) }
        #expect(relaunched.offsetSeconds == 90_000)
    }

    @Test("a clock file that is not one is refused with how to reset it")
    func corruptClock() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clock.json")
        for contents in ["garbage", #"{"offsetSeconds": -5}"#] {
            try Data(contents.utf8).write(to: file)
            #expect(throws: SimulatorInputError.self) { try SimulatedClock(file: file) }
        }
    }
}
