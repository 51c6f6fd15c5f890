// Stand-in for UIKit's traits, for Linux only (see UIResponder.swift): the interface style is the
// one trait modelled. A view's style is its own override, or its controller's, or its superview's;
// a controller's is its override, or its parent's, presenter's or window's; a window's is its
// override or its scene's (``UIWindowScene/standInUserInterfaceStyle``). A registration made with
// `registerForTraitChanges` hears each change of its object's style, as iOS 17 tells it.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UITraitCollection: NSObject {
    open private(set) var userInterfaceStyle: UIUserInterfaceStyle

    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
        super.init()
    }

    // MARK: Registrations (the stand-in's own bookkeeping)

    private final class Registration: NSObject, UITraitChangeRegistration {
        weak var object: AnyObject?
        var style: UIUserInterfaceStyle
        let handler: (AnyObject, UITraitCollection) -> Void
        init(object: AnyObject, style: UIUserInterfaceStyle, handler: @escaping (AnyObject, UITraitCollection) -> Void) {
            self.object = object
            self.style = style
            self.handler = handler
        }
    }

    private static var registrations: [Registration] = []

    static func standInRegister(_ object: AnyObject, style: UIUserInterfaceStyle,
                                handler: @escaping (AnyObject, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        let registration = Registration(object: object, style: style, handler: handler)
        registrations.append(registration)
        return registration
    }

    static func standInUnregister(_ registration: any UITraitChangeRegistration) {
        registrations.removeAll { $0 === registration }
    }

    /// Something a style depends on changed: each registration whose object's style is now
    /// different hears it, with the previous traits.
    static func standInTraitsMayHaveChanged() {
        registrations.removeAll { $0.object == nil }
        for registration in registrations {
            guard let object = registration.object as? any UITraitEnvironment else { continue }
            let style = object.traitCollection.userInterfaceStyle
            guard style != registration.style else { continue }
            let previous = UITraitCollection(userInterfaceStyle: registration.style)
            registration.style = style
            registration.handler(object, previous)
        }
    }
}

@available(watchOS, unavailable)
@MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
}

/// A trait that can be observed (iOS 17).
@available(watchOS, unavailable)
public protocol UITraitDefinition {}

@available(watchOS, unavailable)
public typealias UITrait = any UITraitDefinition.Type

@available(watchOS, unavailable)
public struct UITraitUserInterfaceStyle: UITraitDefinition {}

@available(watchOS, unavailable)
public protocol UITraitChangeRegistration: NSObjectProtocol {}

@available(watchOS, unavailable)
@MainActor
public protocol UITraitChangeObservable {
    typealias TraitChangeHandler<TraitEnvironment: UITraitEnvironment> = (TraitEnvironment, UITraitCollection) -> Void
}

@available(watchOS, unavailable)
extension UITraitChangeObservable where Self: UITraitEnvironment {
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration {
        UITraitCollection.standInRegister(self, style: traitCollection.userInterfaceStyle) { object, previous in
            guard let object = object as? TraitEnvironment else { return }
            handler(object, previous)
        }
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        UITraitCollection.standInUnregister(registration)
    }
}
