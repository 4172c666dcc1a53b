import StyleCore

// The Swift objects that stylerun's userdata own, one metatable each.

/// A color, font, insets, size or image in Lua. Immutable, except the argument `mver` hands its
/// function and values read through a style function's view proxy (writes go back to the view).
final class ValueObject {
    static let metatable = "stylerun.value"
    var value: Value
    let isMutable: Bool
    /// The token it was read from (`t.color.accent`), for provenance.
    var token: TokenOrigin?
    /// Where field writes go when the value was read from a view proxy (`v.layoutMargins.bottom = 4`).
    let binding: (application: StyleApplication, keyPath: StyleKeyPath, proxy: ProxyObject)?

    init(_ value: Value, mutable: Bool = false,
         binding: (application: StyleApplication, keyPath: StyleKeyPath, proxy: ProxyObject)? = nil) {
        self.value = value
        self.isMutable = mutable || binding != nil
        self.binding = binding
    }
}

/// A kind as a global (`Button`): indexing gives key paths, calling builds a view.
final class KindObject {
    static let metatable = "stylerun.kind"
    let kind: Kind
    init(_ kind: Kind) { self.kind = kind }
}

/// A typed key path (`Button.titleLabel.font`).
final class KeyPathObject {
    static let metatable = "stylerun.keypath"
    let keyPath: StyleKeyPath
    init(_ keyPath: StyleKeyPath) { self.keyPath = keyPath }
}

/// A style value; callable (`primaryButtonStyle(button)`) and concatenable (`a .. b`).
final class StyleObject {
    static let metatable = "stylerun.style"
    let style: Style
    init(_ style: Style) { self.style = style }
}

/// A view node built by a constructor (`Label { … }`): its userdata holds the `View` itself
/// (a wrapper object per view was an allocation for each view a screen builds).
enum ViewObject {
    static let metatable = "stylerun.view"
}

/// The `v` a function style receives: reads and writes checked against the view's kind.
/// Valid only while its function runs.
final class ProxyObject {
    static let metatable = "stylerun.proxy"
    let application: StyleApplication
    /// For `v.layer` and `v.titleLabel`: the nested object's path prefix and kind.
    let prefix: String?
    let kind: Kind
    var isValid = true
    /// The proxy this one was reached from (a nested proxy dies with its root).
    let root: ProxyObject?

    init(application: StyleApplication, prefix: String? = nil, kind: Kind, root: ProxyObject? = nil) {
        self.application = application
        self.prefix = prefix
        self.kind = kind
        self.root = root
    }

    var alive: Bool { isValid && (root?.alive ?? true) }

    /// The path of a member from the view (`layer.cornerRadius`).
    func path(_ member: String) -> String { prefix.map { $0 + "." + member } ?? member }
}
