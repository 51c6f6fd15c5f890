/// The text of `help`.
enum SimulatorHelp {
    static let text = """
        Commands (one a line; a blank line does nothing):
          tap <button>     press a button on the screen by its title, without case: tap Update Now, tap "Not Now"
          dismiss          swipe away the banner, its dialog or a recommended screen
          background       send the app to the background
          foreground       bring it back; the SDK re-checks once its refresh interval has passed
          advance <time>   move the device's clock on: 25h, 90m, 2d, 30s, 1d12h (kept across relaunches)
          relaunch         quit the app and start it again from what it stored
          sign-out         sign out (with --sign-in)
          delete-account   ask to delete the signed-in account, as the app's button would; then
                           tap Delete Account (it is deleted on the server) or Cancel
          help             this list
          quit             end the simulation (so does the end of the input)
        On the email and code steps of sign-in, a line that is not a command is typed into the field
        and submitted, as Return would: the address sends a code, the code is verified.
        type <text> only types it; then tap the button.

        """
}
