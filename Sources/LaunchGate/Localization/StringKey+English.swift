@_spi(LaunchGateServer) extension StringKey {
    /// The English text, the fallback for every language and for every key a translation lacks.
    ///
    /// One exhaustive switch, so a new key can't compile without its English.
    public var english: String {
        switch self {
        case .checking: "Checking for updates…"
        case .signInTitle: "Sign in"
        case .signInMessage: "Enter your email address and we'll send you a code to sign in."
        case .emailField: "Email address"
        case .emailPlaceholder: "you@example.com"
        case .sendCode: "Send Code"
        case .sending: "Sending your code…"
        case .codeTitle: "Enter your code"
        case .codeMessage: "We sent a {length}-digit code to {email}."
        case .codeField: "Code"
        case .verify: "Verify Code"
        case .verifying: "Checking your code…"
        case .resend: "Send New Code"
        case .resendIn: "Send New Code in {seconds} s"
        case .differentEmail: "Use a Different Email"
        case .changeEmail: "Change Email"
        case .enterCodeAgain: "Enter the Code Again"
        case .tryAgain: "Try Again"
        case .tryAgainIn: "Try again in {seconds} s"
        case .welcomeTitle: "Welcome!"
        case .welcomeMessage: "You're signed in as {email}."
        case .welcomeContinue: "Get Started"
        case .signOut: "Sign Out"

        // The update screens.
        case .updateAvailableTitle: "Update available"
        case .updateAvailableBannerVersion: "Version {version} is available."
        case .updateAvailableBannerLatest: "The latest version is available."
        case .updateAvailableDialogVersion: "Version {version} is available. Update to get the latest improvements."
        case .updateAvailableDialogLatest: "The latest version is available. Update to get the latest improvements."
        case .updateRecommendedTitle: "Update recommended"
        case .updateRecommendedVersion: "We recommend updating to version {version} for the best experience."
        case .updateRecommendedLatest: "We recommend updating to the latest version for the best experience."
        case .updateRequiredTitle: "Update required"
        case .updateRequiredUnsupportedVersion:
            "This version is no longer supported. Please update to version {version} to continue."
        case .updateRequiredUnsupportedLatest:
            "This version is no longer supported. Please update to the latest version to continue."
        case .updateRequiredBlockedVersion: "This version has a known problem. Please update to version {version} to continue."
        case .updateRequiredBlockedLatest: "This version has a known problem. Please update to the latest version to continue."
        case .updateFromAppStore: "Open the App Store to update this app."
        case .updateFromGooglePlay: "Open Google Play to update this app."
        case .endOfLifeTitle: "No longer available"
        case .endOfLifeMessage: "This app is no longer supported."
        case .maintenanceTitle: "Down for maintenance"
        case .maintenanceMessage: "We're doing some planned maintenance. Please try again later."
        case .maintenanceBackBy: "Expected back by {time}."
        case .osSupportTitle: "Support for your {os} version is ending"
        case .osSupportBanner: "{os} versions below {osVersion} will no longer be supported after {date}."
        case .osSupportDialog:
            "This app will no longer support {os} versions below {osVersion} after {date}. Update {os} on this device to keep using the app."
        case .deviceUnsupportedTitle: "Device not supported"
        case .deviceUnsupportedVersionMinimumOS:
            "This version is no longer supported, and version {version} needs {os} {osVersion} or later. "
                + "Update your device's software to keep using this app."
        case .deviceUnsupportedVersionNewerOS:
            "This version is no longer supported, and version {version} needs a newer {os}. "
                + "Update your device's software to keep using this app."
        case .deviceUnsupportedLatestMinimumOS:
            "This version is no longer supported, and the latest version needs {os} {osVersion} or later. "
                + "Update your device's software to keep using this app."
        case .deviceUnsupportedLatestNewerOS:
            "This version is no longer supported, and the latest version needs a newer {os}. "
                + "Update your device's software to keep using this app."
        case .updateNow: "Update Now"
        case .details: "Details"
        case .notNow: "Not Now"
        case .learnMore: "Learn More"
        case .maintenanceTryAgain: "Try Again"
        case .opensWebPageHint: "Opens a web page."

        // The sign-in errors, worded as `SignInError+Server.swift` words the server's codes and
        // as ``EmailAddress`` words its problems, so English reads the same whichever way it came.
        case .errorOffline: "Can't reach the server. Check your connection and try again."
        case .errorTimeout: "The server took too long to answer. Try again."
        case .errorCancelled: "Sign-in was cancelled."
        case .errorSetup: "Sign-in isn't set up correctly in this app."
        case .errorRedirectRefused: "Sign-in was sent to another server, so it was stopped to keep your details safe."
        case .errorTooLarge: "The server's answer was too large to read. Try again later."
        case .errorInvalidResponse:
            "The server's answer could not be read. If you're on public Wi-Fi, sign in to the network first, then try again."
        case .errorStorageFailed: "Your sign-in could not be saved on this device."
        case .errorInvalidRequest: "The request could not be read. Update the app and try again."
        case .errorInvalidEmail: "Enter a valid email address, such as ada@example.com."
        case .errorEmailEmpty: "Enter your email address."
        case .errorEmailWhitespace: "An email address can't contain spaces or line breaks."
        case .errorEmailInvisible:
            "This address contains an invisible character (such as a zero-width space or a text-direction mark). "
                + "Type it in again rather than pasting it."
        case .errorEmailSpecialCharacter: #"An email address can't contain any of < > ( ) [ ] , ; : " \."#
        case .errorEmailNotOneAt: "An email address has exactly one @, as in ada@example.com."
        case .errorEmailPartMissing: "Enter the whole address, as in ada@example.com."
        case .errorEmailLocalPartTooLong: "The part before the @ is too long (at most {maximum} characters)."
        case .errorEmailMalformedDomain:
            "Check the part after the @: it has an empty part (two dots, or a dot at the start or end) or a part that is too long."
        case .errorEmailTooLong: "That email address is too long (at most {maximum} characters)."
        case .errorInvalidCode: "That code is not right, or it has expired. Ask for a new one."
        case .errorCodeNotDigits: "Enter the digits of the code from the email."
        case .errorRateLimited: "Too many attempts. Wait a moment and try again."
        case .errorRateLimitedSeconds: "Too many attempts. Try again in {seconds} s."
        case .errorRateLimitedMinutes: "Too many attempts. Try again in {minutes} min."
        case .errorLocked: "Too many wrong codes. Sign-in for this address is paused for an hour."
        case .errorLockedMinutes: "Too many wrong codes. Sign-in for this address is paused; try again in {minutes} min."
        case .errorDeliveryFailed: "Email to this address can't be delivered. Check it or use another one."
        case .errorUnauthorized: "You have been signed out. Sign in again."
        case .errorOtherDevice: "This session belongs to another device. Sign in again."
        case .errorNotFound: "Sign-in is not set up for this app on the server."
        case .errorUnavailable: "Sign-in is unavailable right now. Try again in a moment."
        case .errorRejected: "The server refused the request."

        // Account deletion.
        case .deleteAccountTitle: "Delete your account?"
        case .deleteAccountMessage: "Your account will be deleted. This can't be undone."
        case .deleteAccountConfirm: "Delete Account"
        case .deleteAccountCancel: "Cancel"
        case .deletingAccount: "Deleting your account…"
        case .deleteAccountFailed: "Your account was not deleted. Try again in a moment."
        case .deleteAccountFailedReason: "Your account was not deleted. {reason}"
        case .deleteAccountUnknown: "The server didn't answer, so your account may or may not have been deleted. Try again."
        case .accountDeletedTitle: "Account Deleted"
        case .accountDeletedMessage: "Your account has been deleted."
        case .deleteAccountDone: "Done"
        case .accountSignedOutTitle: "Signed Out"
        case .accountSignedOutMessage:
            "You were already signed out, so your account may have been deleted. If it still exists, sign in and delete it again."
        }
    }
}
