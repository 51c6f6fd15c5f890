/// Every default text the SDK's screens show, by key. English is compiled in as each key's
/// ``english`` value, so the SDK always has words even when no resource can be read; the other
/// languages live in the package's resources under the same keys.
///
/// Placeholders are named, in braces (`{email}`), so a translation may move them. Where English
/// would build a sentence from parts ("version 2.4.1" or "the latest version"), each variant is a
/// whole sentence of its own, so every language can word it grammatically.
@_spi(LaunchGateServer) public enum StringKey: String, Sendable, Hashable, CaseIterable {
    // MARK: Launch
    /// The loading view while the launch check runs.
    case checking = "launch.checking"

    // MARK: Sign-in
    /// The address step's title.
    case signInTitle = "signIn.email.title"
    /// The address step's explanation.
    case signInMessage = "signIn.email.message"
    /// The address field's label.
    case emailField = "signIn.email.field"
    /// The address field's placeholder.
    case emailPlaceholder = "signIn.email.placeholder"
    /// The button that sends a code.
    case sendCode = "signIn.email.send"
    /// Shown while the code is being sent.
    case sending = "signIn.sending"
    /// The code step's title.
    case codeTitle = "signIn.code.title"
    /// The code step's explanation: `{length}` digits, sent to `{email}`.
    case codeMessage = "signIn.code.message"
    /// The code field's label.
    case codeField = "signIn.code.field"
    /// The button that checks the code.
    case verify = "signIn.code.verify"
    /// Shown while the code is being checked.
    case verifying = "signIn.verifying"
    /// The button that sends a new code.
    case resend = "signIn.code.resend"
    /// The resend button while its countdown runs: `{seconds}` left.
    case resendIn = "signIn.code.resendIn"
    /// The button back to the address step.
    case differentEmail = "signIn.code.differentEmail"
    /// The recovery button when the address must change.
    case changeEmail = "signIn.failed.changeEmail"
    /// The recovery button after a wrong or expired code.
    case enterCodeAgain = "signIn.failed.enterCodeAgain"
    /// The recovery button when trying again is all there is to do.
    case tryAgain = "signIn.failed.tryAgain"
    /// The recovery button while the server's wait runs: `{seconds}` left.
    case tryAgainIn = "signIn.failed.tryAgainIn"
    /// The welcome's title.
    case welcomeTitle = "welcome.title"
    /// The welcome's message: signed in as `{email}`.
    case welcomeMessage = "welcome.message"
    /// The welcome's button into the app.
    case welcomeContinue = "welcome.continue"
    /// The sign-out button.
    case signOut = "signIn.signOut"

    // MARK: Update screens
    /// The banner's and dialog's title when an update is available.
    case updateAvailableTitle = "update.available.title"
    /// The banner's message: `{version}` is out.
    case updateAvailableBannerVersion = "update.available.banner.version"
    /// The banner's message when the policy names only a build.
    case updateAvailableBannerLatest = "update.available.banner.latest"
    /// The details dialog's message: `{version}` is out.
    case updateAvailableDialogVersion = "update.available.dialog.version"
    /// The details dialog's message when the policy names only a build.
    case updateAvailableDialogLatest = "update.available.dialog.latest"
    /// The recommended screen's title.
    case updateRecommendedTitle = "update.recommended.title"
    /// The recommended screen's message: update to `{version}`.
    case updateRecommendedVersion = "update.recommended.version"
    /// The recommended screen's message when the policy names only a build.
    case updateRecommendedLatest = "update.recommended.latest"
    /// The required screen's title.
    case updateRequiredTitle = "update.required.title"
    /// The required screen's message below the minimum: update to `{version}`.
    case updateRequiredUnsupportedVersion = "update.required.unsupported.version"
    /// The required screen's message below the minimum when the policy names only a build.
    case updateRequiredUnsupportedLatest = "update.required.unsupported.latest"
    /// The required screen's message for a blocked release: update to `{version}`.
    case updateRequiredBlockedVersion = "update.required.blocked.version"
    /// The required screen's message for a blocked release when the policy names only a build.
    case updateRequiredBlockedLatest = "update.required.blocked.latest"
    /// Added to an update screen whose policy names no update URL, on Apple platforms: where to update.
    case updateFromAppStore = "update.noLink.appStore"
    /// Added to an update screen whose policy names no update URL, on Android: where to update.
    case updateFromGooglePlay = "update.noLink.googlePlay"
    /// The end-of-life screen's title.
    case endOfLifeTitle = "endOfLife.title"
    /// The end-of-life screen's message when the policy gives none.
    case endOfLifeMessage = "endOfLife.message"
    /// The maintenance screen's title.
    case maintenanceTitle = "maintenance.title"
    /// The maintenance screen's message when the window's own is blank.
    case maintenanceMessage = "maintenance.message"
    /// Added to the maintenance screen's message when the window has an end: `{time}`, its end
    /// in the device's time zone, written as the device writes dates and times.
    case maintenanceBackBy = "maintenance.backBy"
    /// The OS support notice's title, for its banner and its dialog.
    case osSupportTitle = "osSupport.title"
    /// The OS support notice's banner: `{os}` below `{osVersion}` is supported until `{date}`.
    case osSupportBanner = "osSupport.banner"
    /// The OS support notice's dialog: the same, and to update `{os}` to keep using the app.
    case osSupportDialog = "osSupport.dialog"
    /// The unsupported-device screen's title.
    case deviceUnsupportedTitle = "device.title"
    /// `{version}` needs `{os}` `{osVersion}` or later.
    case deviceUnsupportedVersionMinimumOS = "device.version.minimumOS"
    /// `{version}` needs a newer `{os}`, the policy naming no minimum.
    case deviceUnsupportedVersionNewerOS = "device.version.newerOS"
    /// The latest version needs `{os}` `{osVersion}` or later; the policy names only a build.
    case deviceUnsupportedLatestMinimumOS = "device.latest.minimumOS"
    /// The latest version needs a newer `{os}`; the policy names neither a version nor a minimum.
    case deviceUnsupportedLatestNewerOS = "device.latest.newerOS"
    /// The button that opens the update URL.
    case updateNow = "update.button.updateNow"
    /// The banner's button that opens the details dialog.
    case details = "update.button.details"
    /// The button that hides a banner or a recommended screen for the reminder interval.
    case notNow = "update.button.notNow"
    /// The end-of-life screen's button to the app's page.
    case learnMore = "update.button.learnMore"
    /// The maintenance screen's button that checks again whether the window has ended.
    case maintenanceTryAgain = "maintenance.button.tryAgain"
    /// VoiceOver's hint on a button that leaves the app for a web page (the maintenance link).
    case opensWebPageHint = "button.hint.opensWebPage"

    // MARK: Sign-in errors
    /// No answer: offline, DNS or TLS failed (`offline`).
    case errorOffline = "error.offline"
    /// No answer in time (`timeout`).
    case errorTimeout = "error.timeout"
    /// The sign-in was cancelled (`cancelled`).
    case errorCancelled = "error.cancelled"
    /// The app's sign-in URL or paths are wrong (`insecure_url`, `not_on_seed_paths`).
    case errorSetup = "error.setup"
    /// A redirect to another origin was refused (`redirect_refused`).
    case errorRedirectRefused = "error.redirectRefused"
    /// The answer was over the size cap (`too_large`).
    case errorTooLarge = "error.tooLarge"
    /// The answer was not the documented JSON (`invalid_response`).
    case errorInvalidResponse = "error.invalidResponse"
    /// The session could not be kept on the device (`storage_failed`).
    case errorStorageFailed = "error.storageFailed"
    /// The server could not read the request (`invalid_request`).
    case errorInvalidRequest = "error.invalidRequest"
    /// The address was refused, for a reason the SDK doesn't know (`invalid_email`).
    case errorInvalidEmail = "error.invalidEmail"
    /// Nothing was typed (``EmailAddress/Problem/empty``).
    case errorEmailEmpty = "error.email.empty"
    /// ``EmailAddress/Problem/whitespaceOrControl``.
    case errorEmailWhitespace = "error.email.whitespace"
    /// ``EmailAddress/Problem/invisibleCharacter``.
    case errorEmailInvisible = "error.email.invisible"
    /// ``EmailAddress/Problem/specialCharacter``.
    case errorEmailSpecialCharacter = "error.email.specialCharacter"
    /// ``EmailAddress/Problem/notOneAt``.
    case errorEmailNotOneAt = "error.email.notOneAt"
    /// ``EmailAddress/Problem/partMissing``.
    case errorEmailPartMissing = "error.email.partMissing"
    /// ``EmailAddress/Problem/localPartTooLong``: at most `{maximum}` characters.
    case errorEmailLocalPartTooLong = "error.email.localPartTooLong"
    /// ``EmailAddress/Problem/malformedDomain``.
    case errorEmailMalformedDomain = "error.email.malformedDomain"
    /// ``EmailAddress/Problem/tooLong``: at most `{maximum}` characters.
    case errorEmailTooLong = "error.email.tooLong"
    /// The code is wrong, used or expired (`invalid_code`).
    case errorInvalidCode = "error.invalidCode"
    /// The typed code is not digits, refused before sending (`invalid_code`).
    case errorCodeNotDigits = "error.codeNotDigits"
    /// Too many requests, no wait given (`rate_limited`).
    case errorRateLimited = "error.rateLimited"
    /// Too many requests: wait `{seconds}`.
    case errorRateLimitedSeconds = "error.rateLimited.seconds"
    /// Too many requests: wait `{minutes}`.
    case errorRateLimitedMinutes = "error.rateLimited.minutes"
    /// Locked after too many wrong codes, no wait given (`locked`).
    case errorLocked = "error.locked"
    /// Locked after too many wrong codes: wait `{minutes}`.
    case errorLockedMinutes = "error.locked.minutes"
    /// Mail to the address bounced (`delivery_failed`).
    case errorDeliveryFailed = "error.deliveryFailed"
    /// The session is no longer valid (`unauthorized`).
    case errorUnauthorized = "error.unauthorized"
    /// The session was made on another device (`unauthorized`).
    case errorOtherDevice = "error.otherDevice"
    /// The server doesn't know the app (`not_found`).
    case errorNotFound = "error.notFound"
    /// The server can't serve sign-in now (`unavailable`).
    case errorUnavailable = "error.unavailable"
    /// An older backend refused without saying why (`rejected`).
    case errorRejected = "error.rejected"

    // MARK: Account deletion
    /// The confirmation's title.
    case deleteAccountTitle = "account.delete.title"
    /// The confirmation's message: what goes, and that it can't be undone.
    case deleteAccountMessage = "account.delete.message"
    /// The destructive button that deletes.
    case deleteAccountConfirm = "account.delete.button.confirm"
    /// The button back to the app, keeping the account.
    case deleteAccountCancel = "account.delete.button.cancel"
    /// Shown while the server deletes.
    case deletingAccount = "account.deleting"
    /// The confirmation's error when the server refused: the account is still there.
    case deleteAccountFailed = "account.delete.failed"
    /// The same with a reason after it (`{reason}`): the app's own, or a wait or setup problem.
    case deleteAccountFailedReason = "account.delete.failed.reason"
    /// The confirmation's error when no answer came: the server may have deleted the account.
    case deleteAccountUnknown = "account.delete.unknown"
    /// The done screen's title, once the account is gone.
    case accountDeletedTitle = "account.deleted.title"
    /// Shown once the account is gone.
    case accountDeletedMessage = "account.deleted.message"
    /// The button from there to the sign-in screen.
    case deleteAccountDone = "account.delete.button.done"
    /// The title of the screen after the server had already ended the session (a 401).
    case accountSignedOutTitle = "account.signedOut.title"
    /// Its message: signed out, the account perhaps already deleted; sign in to delete it if not.
    case accountSignedOutMessage = "account.signedOut.message"
}
