import LuaSyntax
import StyleCore
import StyleLua

// Values put where a key path says what they must be: `mut(path, value)`, constructor fields
// and writes inside style functions. Checked with the schema's own `ValueType.check`, so the
// words are the runtime's.
extension StaticAnalysis {
    /// Checks a value for `kp`, reporting at the literal, or at `name` when given (a constructor
    /// field, which the runtime reports at its key).
    ///
    /// - Parameter inStyle: whether the value is set by a style, where color literals are
    ///   warned about when the file declares theme tokens.
    func checkAssigned(_ value: StaticValue, _ expression: LuaExpression, to kp: StyleKeyPath,
                       name: MemberName? = nil, pointAtName: Bool = false, inStyle: Bool) {
        guard let type = kp.valueType else {
            report(.typeMismatch, StyleError.notSettable(kp).message, at: name?.range ?? expression.range)
            return
        }
        let at = pointAtName ? name?.range : nil
        if case .table(let table) = expression {
            checkTable(table, for: kp, type: type, at: at ?? expression.range)
            return
        }
        guard case .value(let literal) = value else { return }
        let failed = checkValue(literal, for: kp, at: at ?? literal.range)
        guard !failed else { return }
        if let x = literal.number, GridCheck.applies(to: kp) {
            checkGrid(x, name: "for '\(kp.qualifiedName)'", at: at ?? literal.range)
        }
        let isHex = literal.isExact && type.wrapped == .color && { if case .string = literal.value { return true } else { return false } }()
        if inStyle, facts.declaresThemes, type.wrapped == .color, literal.isColorLiteral || isHex {
            report(.colorLiteral,
                   "A color literal for '\(kp.qualifiedName)' while the file declares theme tokens; use a token so that every theme can change it.",
                   at: at ?? literal.range, severity: .warning)
        }
    }

    /// Checks a literal against the key path's type and range; true when it reported.
    @discardableResult
    func checkValue(_ literal: StaticLiteral, for kp: StyleKeyPath, at range: SourceRange) -> Bool {
        guard let type = kp.valueType else { return false }
        guard case .failure(let error) = type.check(literal.value, range: kp.property?.range) else { return false }
        // A value known only by its type stands for any content: only its type can be wrong.
        if !literal.isExact, !error.isTypeMismatch { return false }
        if literal.isExact, let misuse = APIMisuse.quotedNumber(literal.value, for: type, target: kp.qualifiedName) {
            report(misuse, at: range)
            return true
        }
        if literal.isExact, case .string(let text) = literal.value, type.wrapped == .font {
            report(.stringForFont(text, target: kp.qualifiedName), at: range)
            return true
        }
        report(error.code, error.message(for: kp.qualifiedName), at: range, suggestions: error.suggestions)
        return true
    }

    /// `{top = 8, bottom = 4}` for an Insets or Size, read as the runtime reads it.
    private func checkTable(_ table: TableConstructor, for kp: StyleKeyPath, type: ValueType, at range: SourceRange) {
        let fields = type.fieldNames
        guard !fields.isEmpty else {
            report(.typeMismatch, ValueError.typeMismatch(expected: type, got: "table").message(for: kp.qualifiedName), at: range)
            return
        }
        let typeName = type.wrapped.description
        // `{8, 16}`: a list where the fields are named, as the runtime says.
        let positional = table.fields.compactMap { field -> LuaExpression? in
            if case .positional(let e) = field { return e }
            return nil
        }
        if !positional.isEmpty {
            let numbers = positional.compactMap { e -> Double? in
                if case .value(let literal) = evaluate(e) { return literal.number }
                return nil
            }
            report(.list(type: typeName, numbers: numbers.count == positional.count ? numbers : [], target: kp.qualifiedName), at: range)
            return
        }
        for field in table.fields {
            guard case .named(let name, let value) = field else { continue }
            guard fields.contains(name.text) else {
                let hint = Suggestion.didYouMean(name.text, among: fields)
                report(.typeMismatch, "\(typeName) has no field '\(name.text)'.\(hint.text)", at: name.range,
                       suggestions: hint.suggestion.map { [$0] } ?? [])
                continue
            }
            guard case .value(let literal) = evaluate(value), literal.isExact else { continue }
            guard let x = literal.number else {
                report(.typeMismatch, "The field '\(name.text)' of \(typeName) must be a number, got \(luaTypeName(literal.value)).", at: literal.range)
                continue
            }
            if GridCheck.applies(to: kp) { checkGrid(x, name: "for '\(kp.qualifiedName).\(name.text)'", at: literal.range) }
        }
    }

    /// The name Lua's `type` gives a literal.
    private func luaTypeName(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .bool: "boolean"
        case .string, .enumCase: "string"
        case .number, .int: "number"
        default: "userdata"
        }
    }

    /// A number off the 4-point grid, with the two grid values around it; `place` says where
    /// it goes (`for 'StackView.spacing'`, `in insets(…)`).
    func checkGrid(_ x: Double, name place: String, at range: SourceRange) {
        guard let (below, above) = GridCheck.neighbours(of: x) else { return }
        report(.grid, "The value \(formatNumber(x)) \(place) is off the 4-point grid; use \(formatNumber(below)) or \(formatNumber(above)).",
               at: range, severity: .warning, suggestions: [formatNumber(below), formatNumber(above)])
    }
}

extension ValueError {
    var isTypeMismatch: Bool {
        if case .typeMismatch = self { return true }
        return false
    }
}
