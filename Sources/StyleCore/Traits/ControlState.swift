/// A control's state, as `UIControl.State` (SPEC §6.1): the set its `isEnabled`,
/// `isHighlighted`, `isSelected` and `isFocused` give. Empty is `normal`.
///
///     let state: ControlState = [.selected, .highlighted]
///     state.description                       // "highlighted+selected"
///     try ControlState.parse("disabled")      // .disabled
public struct ControlState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1 << 0)
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)
    public static let focused = ControlState(rawValue: 1 << 3)

    /// The five states by name, in `UIControl.State`'s order: what pseudo-classes, `when`,
    /// `--state`, `"states"` in JSON and editor completion name.
    public static let named: [(name: String, state: ControlState)] = [
        ("normal", .normal), ("highlighted", .highlighted), ("disabled", .disabled),
        ("selected", .selected), ("focused", .focused),
    ]

    public static var names: [String] { named.map(\.name) }

    /// The single states other than `normal`, each one bit.
    public static let single: [ControlState] = [.highlighted, .disabled, .selected, .focused]

    /// One state by name.
    public static func parse(_ name: String) -> Result<ControlState, StateError> {
        if let found = named.first(where: { $0.name == name }) { return .success(found.state) }
        return .failure(.unknownState(name, suggestion: suggestion(for: name)))
    }

    /// The names other systems give these states, as a designer coming from them writes:
    /// CSS's `:active`, a design tool's `pressed`, Android's `checked`.
    static let otherNames: [String: String] = [
        "pressed": "highlighted", "active": "highlighted", "down": "highlighted",
        "checked": "selected", "on": "selected", "chosen": "selected",
        "focus": "focused", "focusvisible": "focused", "focus-visible": "focused", "focuswithin": "focused",
        "enabled": "normal", "default": "normal", "rest": "normal", "idle": "normal",
        "inactive": "disabled",
    ]

    /// The state a mistaken name most likely means: UIKit's name for another system's
    /// (`pressed` → `highlighted`), or the nearest name.
    public static func suggestion(for name: String) -> String? {
        otherNames[name.lowercased()] ?? Suggestion.closest(to: name, among: names)
    }

    /// After "Did you mean 'highlighted'?", a sentence saying why, when `name` is another
    /// system's word for the state: ` UIKit's name for 'pressed' is 'highlighted'.`
    static func otherNameNote(_ name: String, prefix: String = "") -> String {
        guard let state = otherNames[name.lowercased()] else { return "" }
        return " UIKit's name for '\(prefix)\(name)' is '\(state)'."
    }

    /// `highlighted+selected`, as `--state` takes several (`normal` alone may stand for none).
    public static func parseList(_ text: String) -> Result<ControlState, StateError> {
        var state: ControlState = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            switch parse(String(part)) {
            case .success(let s): state.formUnion(s)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(state)
    }

    /// `normal`, or the states joined by `+` in the order of `named`.
    public var description: String {
        isEmpty ? "normal" : Self.named.filter { !$0.state.isEmpty && contains($0.state) }.map(\.name).joined(separator: "+")
    }
}

/// A state name that does not exist, or a state asked of a view that is not a control.
public enum StateError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownState(String, suggestion: String?)
    /// `Label:disabled`: `kind` is not a control, so it never has a state.
    case notAControl(kind: String, state: String)

    public var code: Diagnostic.Code { .unknownState }

    public var suggestion: String? {
        if case .unknownState(_, let s) = self { return s }
        return nil
    }

    /// `Unknown state 'hilighted'. Did you mean 'highlighted'?`
    public var message: String {
        switch self {
        case .unknownState(let name, let s):
            "Unknown state '\(name)'." + Suggestion.sentence(s) + ControlState.otherNameNote(name)
                + (s == nil ? " States are " + ControlState.names.joined(separator: ", ") + "." : "")
        case .notAControl(let kind, let state):
            "'\(state)' is a control state, but \(kind) is not a control; only controls (Button, TextField, kinds declared with control = true) have states."
        }
    }

    public var description: String { message }
}
