extension Kind {
    /// The properties every control has, declared once (SPEC §6.1): what a control kind adds
    /// when it does not declare them itself (`Button` declares `isEnabled` with its own doc).
    /// The tree's values of these give the view's state (`View.state`).
    public static let controlDeclarations: [PropertyDeclaration] = [
        .value("isEnabled", .bool, default: .bool(true), doc: "Whether the control responds to touches; false is the disabled state."),
        .value("isSelected", .bool, doc: "Whether the control is selected (the selected state)."),
        .value("isHighlighted", .bool, doc: "Whether the control is highlighted, as while pressed (the highlighted state)."),
        .value("isFocused", .bool, doc: "Whether the control has the focus (the focused state)."),
    ]

    /// Which state each control property gives, and the value that gives it.
    static let stateProperties: [(path: String, state: ControlState, when: Bool)] = [
        ("isEnabled", .disabled, false), ("isSelected", .selected, true),
        ("isHighlighted", .highlighted, true), ("isFocused", .focused, true),
    ]
}

extension Schema {
    /// Whether some view of `kind`, or of one of its sub-kinds in this schema, is a control:
    /// what a pseudo-class or a state condition needs to ever apply. Nil means any kind.
    public func mayBeControl(_ kind: Kind?) -> Bool {
        guard let kind else { return true }
        return kind.isControl || order.contains { $0.isControl && $0.isA(kind) }
    }
}

extension ControlState {
    /// What puts a control in the single state `state`, in the words of the control property
    /// that gives it (`isHighlighted = true: Whether the control is highlighted, …`); editors
    /// show it, so that the states' docs are the properties' docs, written once.
    public static func explanation(of state: ControlState) -> String {
        guard !state.isEmpty else {
            return "No state: the control is enabled, and not highlighted, selected or focused. "
                + "A view that is not a control is always normal."
        }
        let parts = Kind.stateProperties.filter { state.contains($0.state) }.map { p in
            let doc = Kind.controlDeclarations.first { $0.name == p.path }?.doc ?? ""
            return "`\(p.path) = \(p.when)`: \(doc)"
        }
        return parts.joined(separator: " ")
    }
}
