import LuaSyntax
import StyleCore

/// One `when` inside a style: the conditions around it, outermost first and its own last, and
/// where its name is written.
struct StaticWhen {
    var conditions: [Condition]
    var range: SourceRange
}

// `when(condition, style)` (REFERENCE §1.12): the condition checked as the runtime reads it,
// and `never-holds` for a `when` that no state and traits satisfy where it stands.
extension StaticAnalysis {
    func when(_ arguments: [StylePart], call: CallExpression) -> StaticValue {
        let at = call.callee.range
        var style: StaticStyle
        switch arguments.count > 1 ? arguments[1].value : .unknown {
        case .style(let s): style = s
        case .function(let key): style = StaticStyle(kind: Schema.view, operations: [.opaque], functions: [key])
        default: style = .opaque
        }
        // Its sets hold only sometimes: they neither replace what came before nor are replaced for sure.
        style.operations = [.opaque]
        guard let condition = call.arguments.first.flatMap(literalCondition) else { return .style(style) }
        if condition.testsState, let kind = style.kind, !schema.mayBeControl(kind) {
            let error = ConditionError.notAControl(kind: kind.name, condition: condition.description)
            report(error.code, error.message, at: at)
            style.whens = []
            return .style(style)
        }
        if case .trait(let trait)? = Condition.exclusion([condition], context: .control) {
            report(.neverHolds, "when(\(condition)) never holds: no \(trait.rawValue) satisfies it, so its style never applies.",
                   at: at, severity: .warning)
            style.whens = []
            return .style(style)
        }
        var whens = [StaticWhen(conditions: [condition], range: at)]
        for inner in style.whens {
            let all = [condition] + inner.conditions
            if let exclusion = Condition.exclusion(all, context: .control) {
                let what = switch exclusion {
                case .state: "state"
                case .trait(let t): t.rawValue
                }
                report(.neverHolds, "when(\(inner.conditions.last!)) never holds inside when(\(condition)): no \(what) satisfies both, so its style never applies.",
                       at: inner.range, severity: .warning)
                continue
            }
            whens.append(StaticWhen(conditions: all, range: inner.range))
        }
        style.whens = whens
        return .style(style)
    }

    /// Warns about each `when` whose state part no view of `contexts` can satisfy (its traits
    /// were judged where it was written): in a rule whose selector names a kind that is never
    /// a control, or fixes a state the `when` excludes.
    func checkWhens(_ whens: [StaticWhen], in contexts: [(context: Condition.StateContext, kind: Kind?)], place: String) {
        for w in whens where w.conditions.contains(where: \.testsState) {
            guard let first = contexts.first,
                  contexts.allSatisfy({ Condition.exclusion(w.conditions, context: $0.context) == .state }) else { continue }
            let reason: String
            if !first.context.mayBeControl, let kind = first.kind {
                reason = "\(kind.name) is not a control: its views are always normal"
            } else if first.context.requiresNormal {
                reason = "its views are normal there"
            } else {
                reason = "its views are \(first.context.required) there"
            }
            report(.neverHolds, "when(\(w.conditions.map(\.description).joined(separator: " "))) never holds \(place): \(reason), so its style never applies.",
                   at: w.range, severity: .warning)
        }
    }

    /// A condition written as a literal (`"highlighted"`, `{ state = "disabled", colorScheme =
    /// "dark" }`), checked as `when` checks it at run time, each mistake at the offending
    /// name; nil when it is not a literal or has a mistake.
    private func literalCondition(_ expression: LuaExpression) -> Condition? {
        switch expression {
        case .string(let literal):
            switch Condition.parse(state: literal.text) {
            case .success(let condition): return condition
            case .failure(let error):
                report(error.code, error.message, at: literal.range, suggestions: error.suggestions)
                return nil
            }
        case .table(let table):
            var entries: [(key: Identifier, values: [StringLiteral])] = []
            for field in table.fields {
                guard case .named(let key, let value) = field else { return nil }
                switch value {
                case .string(let s):
                    entries.append((key, [s]))
                case .table(let list):
                    var values: [StringLiteral] = []
                    for item in list.fields {
                        guard case .positional(.string(let s)) = item else { return nil }
                        values.append(s)
                    }
                    entries.append((key, values))
                default:
                    return nil
                }
            }
            // Sorted, as the runtime reads them; every mistake is reported, not only the first.
            var condition = Condition(), isValid = true
            for entry in entries.sorted(by: { $0.key.text < $1.key.text }) {
                do throws(ConditionError) {
                    try condition.add(entry.key.text, entry.values.map(\.text))
                } catch {
                    isValid = false
                    report(error.code, error.message, at: position(of: error, in: entry), suggestions: error.suggestions)
                }
            }
            return isValid ? condition : nil
        default:
            return nil
        }
    }

    /// Where a condition's mistake is written: the unknown name, or the unknown value inside
    /// its string (`accesibilityMedium` in `">= accesibilityMedium"`).
    private func position(of error: ConditionError, in entry: (key: Identifier, values: [StringLiteral])) -> SourceRange {
        let value: String
        switch error {
        case .trait(.unknownValue(let v, _, _)), .state(.unknownState(let v, _)): value = v
        default: return entry.key.range
        }
        for literal in entry.values {
            let characters = Array(literal.text)
            let wanted = Array(value)
            guard !wanted.isEmpty, characters.count >= wanted.count else { continue }
            for offset in 0...(characters.count - wanted.count) where Array(characters[offset..<offset + wanted.count]) == wanted {
                // The whole name, not a part of a longer one (`small` inside `extraSmall`).
                let before = offset == 0 || !characters[offset - 1].isLetter
                let after = offset + wanted.count == characters.count || !characters[offset + wanted.count].isLetter
                if before && after { return literalRange(literal, offset: offset, length: wanted.count) }
            }
        }
        return entry.key.range
    }
}
