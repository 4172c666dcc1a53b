/// Whether `when` conditions can ever hold together (SPEC §6.1, §6.2): lint's `never-holds`
/// asks it of a `when` alone (`contentSize = "> accessibilityExtraExtraExtraLarge"`), of a
/// `when` nested in another (`colorScheme = "dark"` inside `colorScheme = "light"`), and of a
/// `when` in a rule whose selector fixes the state (`rule("Button:normal", when("highlighted", …))`).
///
///     let dark = Condition(traits: [.oneOf(.colorScheme, ["dark"])])
///     let light = Condition(traits: [.oneOf(.colorScheme, ["light"])])
///     Condition.exclusion([dark, light], context: .control)    // .trait(.colorScheme)
///
/// Both domains are small (16 state sets, at most 12 values per trait), so it tries them all:
/// no reasoning about comparisons that could drift from `holds`.
extension Condition {
    /// What the views a set of conditions is asked of can be.
    public struct StateContext: Hashable, Sendable {
        /// Whether any of them is a control; a view that is not one is always `normal`, and a
        /// state condition never holds for it.
        public var mayBeControl: Bool
        /// States every one of them is in (a selector's `:highlighted`).
        public var required: ControlState
        /// Whether they are all `normal` (a selector's `:normal`).
        public var requiresNormal: Bool

        public init(mayBeControl: Bool, required: ControlState = [], requiresNormal: Bool = false) {
            self.mayBeControl = mayBeControl
            self.required = required
            self.requiresNormal = requiresNormal
        }

        /// Any control, in any state.
        public static let control = StateContext(mayBeControl: true)
    }

    /// Why the conditions can never hold at once.
    public enum Exclusion: Hashable, Sendable {
        /// No state the views can be in satisfies every state part.
        case state
        /// No value of this trait satisfies every test of it.
        case trait(Traits.Name)
    }

    /// Nil when some state and traits satisfy every condition in `context`; else what rules it out.
    public static func exclusion(_ conditions: [Condition], context: StateContext) -> Exclusion? {
        for name in Traits.Name.allCases {
            let tests = conditions.flatMap(\.traits).filter { $0.trait == name }
            guard !tests.isEmpty else { continue }
            let possible = name.values.contains { value in
                var traits = Traits.default
                do throws(TraitError) { try traits.set(name, to: value) } catch { return false }
                return tests.allSatisfy { $0.holds(for: traits) }
            }
            if !possible { return .trait(name) }
        }
        guard conditions.contains(where: \.testsState) else { return nil }
        guard context.mayBeControl else { return .state }
        let every = (0..<UInt8(16)).map(ControlState.init(rawValue:))
        let candidates = every.filter { context.requiresNormal ? $0.isEmpty : $0.isSuperset(of: context.required) }
        return candidates.contains { state in conditions.allSatisfy { $0.stateHolds(state) } } ? nil : .state
    }
}

extension Condition.TraitTest {
    /// The trait it tests.
    public var trait: Traits.Name {
        switch self {
        case .oneOf(let name, _): name
        case .contentSize: .contentSize
        }
    }
}
