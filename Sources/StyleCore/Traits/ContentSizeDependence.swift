/// Whether a styling can come out otherwise at another content size (SPEC §6.2): what lets a
/// check that styles a screen at every content size (lint's `truncated-text`) style it once when
/// nothing there follows the content size.
///
/// Conservative: true whenever it cannot tell. Only three things make a styled value depend on
/// the content size: a font that follows Dynamic Type (`Font.scaling`), resolved for the run's
/// size as it is written; a `when` that asks the content size; and an operation worked out as
/// it is applied (a function, or a transform that reads more than the value it replaces), which
/// may ask it.
extension Value {
    /// Whether the value stands for another value at another content size: a font that follows
    /// Dynamic Type.
    public var followsContentSize: Bool {
        if case .font(let f) = self { return f.scaling != nil }
        return false
    }
}

extension Condition {
    /// Whether the condition asks the content size (`contentSize = ">= accessibilityMedium"`,
    /// or a list of sizes).
    public var asksContentSize: Bool {
        traits.contains { test in
            switch test {
            case .contentSize: true
            case .oneOf(let name, _): name == .contentSize
            }
        }
    }
}

extension Style {
    /// Whether what the style writes may differ at another content size (see above).
    public var mayDependOnContentSize: Bool {
        containsOperation { op in
            switch op {
            case .set(_, let value, _): value.followsContentSize
            case .transform(_, let transform, _): !transform.dependsOnlyOnValue
            case .function: true
            case .when(let condition, _, _): condition.asksContentSize
            }
        }
    }
}

extension Stylesheet {
    /// Whether styling the tree under `root` with this stylesheet may give some view other
    /// values at another content size: something that follows it in an appearance, a rule, a
    /// view's own styles or literals, or a default of a kind in the tree. False: the tree is
    /// styled alike at every content size, the other traits being the same.
    ///
    ///     sheet.stylingMayDependOnContentSize(of: root)    // false: no Dynamic Type font, no `when` asking it
    public func stylingMayDependOnContentSize(of root: View) -> Bool {
        if appearances.contains(where: { $0.style.mayDependOnContentSize }) { return true }
        if rules.contains(where: { $0.style.mayDependOnContentSize }) { return true }
        var kinds = Set<ObjectIdentifier>()
        var depends = false
        root.forEachInTree { view in
            guard !depends else { return }
            if kinds.insert(ObjectIdentifier(view.kind)).inserted,
               view.kind.properties.contains(where: { $0.defaultValue.followsContentSize }) {
                depends = true
            } else if view.literals.contains(where: { $0.value.followsContentSize })
                        || view.styles.contains(where: { $0.mayDependOnContentSize }) {
                depends = true
            }
        }
        return depends
    }
}
