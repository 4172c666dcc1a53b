import LuaSyntax
import StyleCore

// `rule(selector, style)` and `kind(name, super, properties)` (REFERENCE §1.6, §1.8).
extension StaticAnalysis {
    /// Parses a literal selector against the kinds known so far and checks that the style can
    /// match it; the style's functions run on the selector's kind.
    func rule(_ arguments: [StylePart], call: CallExpression) {
        guard arguments.count >= 2 else { return }
        let style = arguments[1].value
        guard case .value(let literal) = arguments[0].value, literal.isExact, case .string(let text) = literal.value,
              case .string(let string) = call.arguments[0] else {
            use(style, on: Schema.view)
            return
        }
        let selector: SelectorList
        do {
            selector = try SelectorList.parse(text, schema: schema)
        } catch {
            // A kind the file declares where the walk cannot follow it is not unknown.
            if case .unknownKind(let name, _) = error.reason, facts.declaredKinds.contains(name) {
                use(style, on: Schema.view)
                return
            }
            report(error.code, error.message, at: literalRange(string, offset: error.offset, length: error.length),
                   suggestions: error.suggestions)
            use(style, on: Schema.view)
            return
        }
        let subjects = selector.selectors.map(\.subject.kind)
        if let styleKind = style.style?.kind {
            for complex in selector.selectors {
                guard let kind = complex.subject.kind, !kind.isRelated(to: styleKind) else { continue }
                let error = StylesheetError.styleNeverMatches(styleKind: styleKind, selector: complex.text, selectorKind: kind,
                                                              offset: complex.subject.offset)
                report(error.code, error.message, at: literalRange(string, offset: complex.subject.offset, length: 0))
                return
            }
        }
        if let whens = style.style?.whens, !whens.isEmpty {
            checkWhens(whens, in: selector.selectors.map { complex in
                (Condition.StateContext(mayBeControl: schema.mayBeControl(complex.subject.kind), required: complex.subject.states,
                                        requiresNormal: complex.subject.requiresNormal), complex.subject.kind)
            }, place: "in rule '\(text)'")
        }
        // Every selector names the same kind: the style runs on views of that kind.
        if let first = subjects.first, let kind = first, subjects.allSatisfy({ $0 === kind }) {
            use(style, on: kind)
        } else {
            use(style, on: Schema.view)
        }
    }

    /// The characters `offset ..< offset + length` of a string literal's text (a selector, a
    /// `when` condition); the whole literal when escapes or long brackets make positions uncertain.
    func literalRange(_ string: StringLiteral, offset: Int, length: Int) -> SourceRange {
        let written = source.text(string.range)
        guard let quote = written.first, quote == "\"" || quote == "'", written.dropFirst().dropLast() == string.text,
              string.range.start.line == string.range.end.line else { return string.range }
        let characters = Array(string.text)
        let lower = min(offset, characters.count), upper = min(offset + max(length, 0), characters.count)
        let before = String(characters[..<lower]).utf8.count
        let inside = String(characters[lower..<upper]).utf8.count
        let start = string.range.start
        func moved(_ bytes: Int) -> LuaSyntax.SourceLocation {
            LuaSyntax.SourceLocation(line: start.line, column: start.column + 1 + bytes, offset: start.offset + 1 + bytes)
        }
        return SourceRange(start: moved(before), end: moved(before + inside))
    }

    /// `kind("GradientView", View, { fromColor = "Color?" })`: declares the kind for the rest of
    /// the walk when every part of it is a literal; a kind the walk cannot follow stays unknown.
    func declareKind(_ arguments: [StylePart], call: CallExpression) -> StaticValue {
        guard arguments.count >= 2, case .value(let nameLiteral) = arguments[0].value, nameLiteral.isExact,
              case .string(let name) = nameLiteral.value, case .kind(let superKind) = arguments[1].value else { return .unknown }
        var entries: [(key: String, type: String, range: SourceRange)] = []
        if call.arguments.count >= 3 {
            switch call.arguments[2] {
            case .table(let table):
                for field in table.fields {
                    guard case .named(let key, .string(let type)) = field else { return .unknown }
                    entries.append((key.text, type.text, type.range))
                }
            case .nil where call.arguments.count >= 4:
                break
            default:
                return .unknown
            }
        }
        // `{ control = true }`: its views are controls, with states (REFERENCE §1.12).
        var isControl = false
        if call.arguments.count >= 4 {
            guard case .table(let options) = call.arguments[3] else { return .unknown }
            for field in options.fields {
                guard case .named(let key, let value) = field, key.text == "control" else { return .unknown }
                switch value {
                case .true: isControl = true
                case .false: isControl = false
                default: return .unknown
                }
            }
        }
        var declarations: [PropertyDeclaration] = []
        for entry in entries.sorted(by: { $0.key < $1.key }) {
            guard let type = ValueType(parsing: entry.type) else {
                let hint = Suggestion.didYouMean(entry.type.filter { $0 != "?" }, among: ValueType.spelledNames)
                report(.kindDeclaration,
                       "'\(entry.type)' is not a type; use \(ValueType.spelledNames.joined(separator: ", ")), an enum like \"left|right\", each with '?' for optional.\(hint.text)",
                       at: entry.range, suggestions: hint.suggestion.map { [$0] } ?? [])
                return .unknown
            }
            declarations.append(.value(entry.key, type))
        }
        var names = declarations.map(\.name)
        if isControl, !superKind.isControl { names += Kind.controlDeclarations.map(\.name).filter { !names.contains($0) } }
        if let existing = schema.kind(named: name), existing.superKind === superKind, existing.isControl == (isControl || superKind.isControl),
           existing.declarations.map(\.name) == names {
            return .kind(existing)
        }
        do {
            let kind = try schema.register(name, superKind: superKind, isControl: isControl, properties: declarations)
            if facts.assignedGlobals[name] == nil { globals[name] = .kind(kind) }
            return .kind(kind)
        } catch {
            report(.kindDeclaration, error.message, at: nameLiteral.range)
            return .unknown
        }
    }
}
