import UIKit

/// For the UI tests only (`Tests/ExampleUITests`), not part of the example to copy. With the launch
/// argument `-consentAfter <seconds>`, it presents an alert the way consent and sign-in SDKs do, on
/// the key window's top view controller, so a test sees where such a form lands while an update
/// screen is up: on the app, under the screen, unless the screen took the key window.
enum UITestConsent {
    /// Schedules the alert, if the launch asks for it.
    /// - Parameter scene: The scene whose key window gets it.
    @MainActor
    static func scheduleIfAsked(in scene: UIWindowScene) {
        let arguments = ProcessInfo.processInfo.arguments
        guard let flag = arguments.firstIndex(of: "-consentAfter"), flag + 1 < arguments.count,
              let seconds = Double(arguments[flag + 1]) else { return }
        Task { @MainActor [weak scene] in
            try? await Task.sleep(for: .seconds(seconds))
            guard var top = scene?.keyWindow?.rootViewController else { return }
            while let next = top.presentedViewController { top = next }
            let alert = UIAlertController(title: "Consent", message: "A third-party SDK's form.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Accept", style: .default))
            top.present(alert, animated: true)
        }
    }
}
