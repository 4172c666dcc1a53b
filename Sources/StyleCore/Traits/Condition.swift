/// What a `when(condition, style)` asks before its parts apply (SPEC §6.1, §6.2): states of
/// the view and traits of the run. Every part must hold.
///
///     let c = try Condition.parse(state: "highlighted").get()
///     c.holds(state: [.highlighted, .selected], traits: .default)   // true
///     var dark = Condition(); dark.traits = [.oneOf(.colorScheme, ["dark"])]
///
/// Data, not a closure, so that explain, lint and provenance can say what a `when` asks.
public struct Condition: Hashable, Sendable, CustomStringConvertible {
    /// The states that satisfy the condition, any of them; empty for no state condition. Each
    /// is a set the view must be in (maybe among others), `normal` (empty) being no state.
    public var states: [ControlState] = []
    /// Trait tests, all of which must hold.
    public var traits: [TraitTest] = []

    public init(states: [ControlState] = [], traits: [TraitTest] = []) {
        self.states = states
        self.traits = traits
    }

    /// One trait's test.
    public enum TraitTest: Hashable, Sendable, CustomStringConvertible {
        /// The trait has one of these values.
        case oneOf(Traits.Name, [String])
        /// `contentSize = ">= accessibilityMedium"`.
        case contentSize(Comparison, ContentSize)

        public func holds(for traits: Traits) -> Bool {
            switch self {
            case .oneOf(let name, let values): values.contains(traits[name])
            case .contentSize(let comparison, let size): comparison.holds(traits.contentSize, size)
            }
        }

        public var description: String {
            switch self {
            case .oneOf(let name, let values): values.count == 1 ? "\(name.rawValue)=\(values[0])" : "\(name.rawValue)=\(values.joined(separator: "|"))"
            case .contentSize(let c, let size): "contentSize\(c.rawValue)\(size.rawValue)"
            }
        }
    }

    public enum Comparison: String, CaseIterable, Hashable, Sendable {
        case atLeast = ">=", atMost = "<=", greater = ">", less = "<"

        func holds(_ a: ContentSize, _ b: ContentSize) -> Bool {
            switch self {
            case .atLeast: a >= b
            case .atMost: a <= b
            case .greater: a > b
            case .less: a < b
            }
        }
    }

    /// Whether the condition asks for a state: it then holds only for controls.
    public var testsState: Bool { !states.isEmpty }

    /// Whether the trait tests hold for `traits` (the part a run decides once).
    public func traitsHold(for traits: Traits) -> Bool { self.traits.allSatisfy { $0.holds(for: traits) } }

    /// Whether the state part holds for a view in `state` (no state part always holds).
    public func stateHolds(_ state: ControlState) -> Bool {
        states.isEmpty || states.contains { $0.isEmpty ? state.isEmpty : state.isSuperset(of: $0) }
    }

    public func holds(state: ControlState, traits: Traits) -> Bool { stateHolds(state) && traitsHold(for: traits) }

    /// `state=disabled colorScheme=dark`, as explain names a `when`.
    public var description: String {
        var parts: [String] = []
        if !states.isEmpty { parts.append("state=" + states.map(\.description).joined(separator: "|")) }
        parts += traits.map(\.description)
        return parts.isEmpty ? "always" : parts.joined(separator: " ")
    }

    /// `when("highlighted", …)`, `when("highlighted+selected", …)`.
    public static func parse(state text: String) -> Result<Condition, ConditionError> {
        switch ControlState.parseList(text) {
        case .success(let s): .success(Condition(states: [s]))
        case .failure(let e): .failure(.state(e))
        }
    }

    /// Adds the table entry `name = values` (`state = {"disabled", "selected"}`,
    /// `colorScheme = "dark"`, `contentSize = ">= accessibilityMedium"`): a table's entries in
    /// any order give the same condition.
    public mutating func add(_ name: String, _ values: [String]) throws(ConditionError) {
        guard !values.isEmpty else { throw .emptyList(name) }
        if name == "state" {
            for v in values {
                switch ControlState.parseList(v) {
                case .success(let s): if !states.contains(s) { states.append(s) }
                case .failure(let e): throw .state(e)
                }
            }
            return
        }
        let trait: Traits.Name
        switch Traits.Name.parse(name) {
        case .success(let t): trait = t
        case .failure:
            // `state` is a name of the table too.
            throw .trait(.unknownTrait(name, suggestion: Suggestion.closest(to: name, among: ["state"] + Traits.names)))
        }
        if trait == .contentSize, values.count == 1, let comparison = Comparison.allCases.first(where: { values[0].hasPrefix($0.rawValue) }) {
            let rest = values[0].dropFirst(comparison.rawValue.count).trimmingCharacters(in: " ")
            guard let size = ContentSize(rawValue: rest) else {
                throw .trait(.unknownValue(rest, trait: .contentSize, suggestion: Suggestion.closest(to: rest, among: trait.values)))
            }
            traits.append(.contentSize(comparison, size))
            return
        }
        for v in values where !trait.values.contains(v) {
            throw .trait(.unknownValue(v, trait: trait, suggestion: Suggestion.closest(to: v, among: trait.values)))
        }
        traits.append(.oneOf(trait, values))
    }
}

/// Why a `when` condition cannot be read.
public enum ConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    case state(StateError)
    case trait(TraitError)
    /// `state = {}`: a list of no values holds for nothing.
    case emptyList(String)
    /// A state condition on a style of a kind that is never a control.
    case notAControl(kind: String, condition: String)

    public var code: Diagnostic.Code {
        switch self {
        case .state(let e): e.code
        case .trait(let e): e.code
        case .emptyList: .typeMismatch
        case .notAControl: .unknownState
        }
    }

    public var suggestions: [String] {
        switch self {
        case .state(let e): e.suggestion.map { [$0] } ?? []
        case .trait(let e): e.suggestion.map { [$0] } ?? []
        default: []
        }
    }

    public var message: String {
        switch self {
        case .state(let e): e.message
        case .trait(let e): e.message
        case .emptyList(let name): "The condition gives '\(name)' an empty list; give it a value or a list of values."
        case .notAControl(let kind, let condition):
            "when(\(condition)) asks for a control state, but its style is \(Kind.indefinite(kind)) style and \(kind) is not a control; only controls (Button, TextField, kinds declared with control = true) have states."
        }
    }

    public var description: String { message }
}

extension Kind {
    /// `a Label`, `an ImageView`, from a kind's name.
    static func indefinite(_ name: String) -> String {
        ("AEIOUaeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
