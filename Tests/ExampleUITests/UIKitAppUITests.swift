import XCTest

/// The UIKit example as a person uses it, in the Simulator, against `launchgate serve --demo`
/// (.github/workflows/apple.yml starts it and passes its address, app, key and admin token). Each
/// test publishes the policy it needs through the admin API, then drives the app.
final class UIKitAppUITests: XCTestCase {
    private var app: XCUIApplication!
    private let server = Environment.value("LAUNCHGATE_SERVER") ?? "http://localhost:8080"
    private let appID = Environment.value("LAUNCHGATE_APP_ID") ?? "demo"

    override func setUp() async throws {
        continueAfterFailure = false
        // The app is 1.0.0: nothing required yet, and 1.0.0 is the latest.
        try await publish(required: "0.1.0", latest: "1.0.0")
        app = await XCUIApplication()
    }

    /// A required update published while the app shows a sheet comes up over the sheet when the
    /// app returns from the background, and the sheet can't be reached under it.
    @MainActor
    func testRequiredUpdateCoversAnOpenSheet() async throws {
        app.launch()
        XCTAssertTrue(app.staticTexts["Your notes"].waitForExistence(timeout: 10))
        app.buttons["Settings"].tap()
        XCTAssertTrue(app.staticTexts["Settings"].waitForExistence(timeout: 5))

        try await publish(required: "2.0.0", latest: "2.0.0")
        XCUIDevice.shared.press(.home)
        app.activate()

        let update = app.buttons["Update Now"]
        XCTAssertTrue(update.waitForExistence(timeout: 10), "the blocking screen is up")
        XCTAssertTrue(update.isHittable, "above the sheet, not under it")
        // The app's window is hidden from VoiceOver while the screen is up, so the sheet's button
        // isn't in the tree at all (isHittable on a missing element fails rather than says false).
        XCTAssertFalse(app.buttons["Close Settings"].exists, "the sheet under it can't be reached")
    }

    /// Coming back from the background re-checks: a policy that lifts the block lets the app in.
    @MainActor
    func testReturningFromTheBackgroundRechecks() async throws {
        try await publish(required: "2.0.0", latest: "2.0.0")
        app.launch()
        XCTAssertTrue(app.buttons["Update Now"].waitForExistence(timeout: 10))
        try await publish(required: "0.1.0", latest: "1.0.0")
        XCUIDevice.shared.press(.home)
        app.activate()
        XCTAssertTrue(app.staticTexts["Your notes"].waitForExistence(timeout: 10))
        XCTAssertFalse(app.buttons["Update Now"].exists)
    }

    /// VoiceOver reads the blocking screen's title and button by their words, and nothing of the app.
    @MainActor
    func testBlockingScreenHasVoiceOverLabels() async throws {
        try await publish(required: "2.0.0", latest: "2.0.0")
        app.launch()
        let update = app.buttons["Update Now"]
        XCTAssertTrue(update.waitForExistence(timeout: 10))
        XCTAssertEqual(update.label, "Update Now")
        XCTAssertTrue(app.staticTexts.matching(NSPredicate(format: "label CONTAINS[c] %@", "update")).firstMatch.exists)
        XCTAssertFalse(app.staticTexts["Your notes"].exists, "the covered app is hidden from VoiceOver")
        try app.performAccessibilityAudit(for: [.dynamicType, .contrast, .elementDetection, .hitRegion, .sufficientElementDescription])
    }

    /// The banner moves the app's content down, navigation bar included, rather than covering it:
    /// at the default text size, and at an accessibility size where its words wrap and stack.
    @MainActor
    func testBannerMovesTheNavigationBarDown() async throws {
        try await publish(required: "0.1.0", latest: "1.1.0")
        for size in [nil, "UICTContentSizeCategoryAccessibilityXL"] {
            app.launchArguments = size.map { ["-UIPreferredContentSizeCategoryName", $0] } ?? []
            app.launch()
            let notNow = app.buttons["Not Now"]
            XCTAssertTrue(notNow.waitForExistence(timeout: 10), "the banner is up")
            let summary = app.buttons.matching(NSPredicate(format: "label BEGINSWITH %@", "Update available")).firstMatch
            let bar = app.navigationBars["Notes"]
            XCTAssertTrue(bar.waitForExistence(timeout: 5))
            let bannerBottom = max(notNow.frame.maxY, summary.exists ? summary.frame.maxY : 0)
            XCTAssertGreaterThanOrEqual(bar.frame.minY + 1, bannerBottom, "the navigation bar starts under the banner (\(size ?? "default size"))")
            XCTAssertTrue(bar.isHittable)
            app.terminate()
        }
    }

    /// A recommended update doesn't take the key window: a consent form an SDK presents on the key
    /// window while it is up lands on the app, under the screen, and is there when the user skips.
    @MainActor
    func testRecommendedUpdateLeavesTheKeyWindowToTheApp() async throws {
        try await publish(required: "0.1.0", recommended: "2.0.0", latest: "2.0.0")
        app.launchArguments = ["-consentAfter", "4"]
        app.launch()
        let notNow = app.buttons["Not Now"]
        XCTAssertTrue(notNow.waitForExistence(timeout: 10), "the recommended update is up")
        XCTAssertFalse(app.alerts["Consent"].waitForExistence(timeout: 6), "the form went under the screen, not onto it")
        notNow.tap()
        XCTAssertTrue(app.alerts["Consent"].waitForExistence(timeout: 5), "and is the app's once the screen goes")
    }

    /// Publishes the demo app's iOS policy through the admin API, past the publish guard. The runner
    /// reaches `http://localhost`, which App Transport Security allows only with
    /// `NSAllowsLocalNetworking` (Examples/project.yml sets it for the runner as for the app).
    private func publish(required: String, recommended: String? = nil, latest: String) async throws {
        let token = try XCTUnwrap(Environment.value("LAUNCHGATE_ADMIN_TOKEN"), "the workflow passes the demo's admin token")
        var request = URLRequest(url: URL(string: "\(server)/v1/admin/apps/\(appID)/policy?platform=ios&confirm=true")!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let issued = ISO8601DateFormatter().string(from: Date())
        let recommended = recommended.map { #""recommended": {"version": "\#($0)"},"# } ?? ""
        request.httpBody = Data("""
        {"schemaVersion": 1, "issuedAt": "\(issued)", "platforms": {"ios": {
          "latest": {"version": "\(latest)", "notes": "Fixes."}, "required": {"version": "\(required)"}, \(recommended)
          "updateURL": "https://apps.apple.com/app/id1234567890", "refreshInterval": 0}}}
        """.utf8)
        let response: URLResponse
        do {
            (_, response) = try await URLSession.shared.data(for: request)
        } catch let error as URLError where error.code == .appTransportSecurityRequiresSecureConnection {
            XCTFail("App Transport Security refused http://localhost in the UI-test runner: the runner's Info.plist "
                    + "needs NSAllowsLocalNetworking, as the app's has (\(error.localizedDescription))")
            throw error
        }
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, "the policy was published")
    }
}

/// The values the workflow passes to the test runner (`TEST_RUNNER_…` in xcodebuild's environment).
private enum Environment {
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
