import Foundation
import LaunchGate
import Testing
@testable import LaunchGateConsole

/// The editor previewed the address step of sign-in and the welcome, but not the code step in
/// between, so an operator (and the gallery in docs/screens.md, rendered from these previews)
/// never saw the screen where a user types the emailed code.
@Suite("The editor's previews show every sign-in step in the SDK's words")
struct ConsoleScreenPreviewsTests {
    private func screens(locale: String = "en") throws -> [ScreenPreviews.Screen] {
        let policy = UpdatePolicy(app: "notes", platforms: [.ios: PlatformPolicy(latest: Release(version: "2.0.0"))])
        let groups = ScreenPreviews.groups(for: policy, now: Samples.now).groups
        return try #require(groups.first { $0.locale == locale }).screens
    }

    // MARK: Tests

    @Test("the sign-in previews run address, code, welcome, in the order a user meets them")
    func signInSteps() throws {
        let ids = try screens().map(\.id)
        #expect(ids.suffix(3) == ["sign-in", "sign-in-code", "welcome"])
    }

    @Test("the code step's preview is the screen SignInFlow shows as the code step opens")
    func codeStep() throws {
        let preview = try #require(try screens().first { $0.id == "sign-in-code" })
        let sdk = SignInScreen.codeEntry(email: "ada@example.com", codeLength: CodeDelivery().codeLength, code: "", strings: .english)
        #expect(preview.title == "Enter your code" && preview.title == sdk.title)
        #expect(preview.message == "We sent a 6-digit code to ada@example.com." && preview.message == sdk.message)
        #expect(preview.field == sdk.field?.label)
        #expect(preview.actions == ["Verify Code", "Send New Code", "Use a Different Email"] && preview.actions == sdk.actions.map(\.title))
        #expect(preview.style == "signIn" && preview.absent == nil)
    }
}
