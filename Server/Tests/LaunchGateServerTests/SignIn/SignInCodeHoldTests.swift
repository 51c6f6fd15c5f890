import Foundation
import Testing
@testable import LaunchGateSignIn

/// How long a code can't be displaced by another network's send (attack s11, A5; s12, B3): a
/// person gets 5 minutes to type it in, whatever the configuration asks, or its whole life if
/// that is shorter.
@Suite("A code's hold: at least 5 minutes or its whole life, at most its life")
struct SignInCodeHoldTests {
    @Test("a hold shorter than 5 minutes applies as 5 minutes", arguments: [0.0, 60, 299])
    func shortHoldIsRaised(hold: TimeInterval) {
        #expect(SignInConfiguration(codeLifetime: 600, codeHold: hold).heldFor == 300)
    }

    @Test("a code that lives less than 5 minutes is held for its whole life")
    func shortLifeIsHeldWhole() {
        #expect(SignInConfiguration(codeLifetime: 120, codeHold: 60).heldFor == 120)
    }

    @Test("a hold between 5 minutes and the lifetime applies as asked, and unset or longer is the lifetime")
    func holdWithinBounds() {
        #expect(SignInConfiguration(codeLifetime: 600, codeHold: 450).heldFor == 450)
        #expect(SignInConfiguration(codeLifetime: 600).heldFor == 600)
        #expect(SignInConfiguration(codeLifetime: 600, codeHold: 900).heldFor == 600)
    }
}
