import LuaSyntax
import StyleCore
import StyleLua

// `Kind { id = …, class = …, style = …, property = value, child… }` (REFERENCE §1.5): a view of
// exactly that kind, so its fields are checked against the kind itself.
extension StaticAnalysis {
    func construct(_ kind: Kind, _ table: TableConstructor) {
        var id: String?? = .some(nil)
        var classes: String?? = .some(nil)
        for field in table.fields {
            guard case .named(let key, let value) = field else { continue }
            switch key.text {
            case "id": id = literalString(value)
            case "class": classes = literalString(value)
            default: break
            }
        }
        let description: String? = {
            guard case .some(let id) = id, case .some(let classes) = classes else { return nil }
            var s = kind.name
            if let id { s += "#" + id }
            for c in (classes ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }) { s += "." + c }
            return s
        }()
        for field in table.fields {
            switch field {
            case .positional(let value):
                _ = evaluate(value)
            case .keyed(let key, let value, _):
                _ = evaluate(key)
                _ = evaluate(value)
            case .named(let key, let value):
                switch key.text {
                case "id", "class": _ = evaluate(value)
                case "style": constructorStyles(value, kind: kind, key: key, view: description)
                default: property(key, value, of: kind, prefix: [])
                }
            }
        }
    }

    /// The text of a string literal, nil for nil; `.none` when the walk cannot know it.
    private func literalString(_ expression: LuaExpression) -> String?? {
        switch expression {
        case .string(let s): return .some(s.text)
        case .nil: return .some(nil)
        default: return .none
        }
    }

    /// `style = s` or `style = {s1, s2}`: each runs on this view, and must suit its kind.
    private func constructorStyles(_ expression: LuaExpression, kind: Kind, key: Identifier, view: String?) {
        var styles: [StaticValue] = []
        if case .table(let list) = expression {
            for field in list.fields {
                switch field {
                case .positional(let value): styles.append(evaluate(value))
                case .named(_, let value): _ = evaluate(value)
                case .keyed(let k, let value, _): _ = evaluate(k); _ = evaluate(value)
                }
            }
        } else {
            styles.append(evaluate(expression))
        }
        for style in styles {
            if let styleKind = style.style?.kind, !kind.isA(styleKind) {
                if let view {
                    report(.kindMismatch, "A \(styleKind.name) style cannot apply to \(view).", at: key.range)
                }
                continue
            }
            use(style, on: kind)
        }
    }

    /// A property field, or a table of a sub-object's properties (`layer = { cornerRadius = 6 }`).
    private func property(_ key: Identifier, _ expression: LuaExpression, of kind: Kind, prefix: [String]) {
        let components = prefix + [key.text]
        let kp: StyleKeyPath
        switch StyleKeyPath.resolve(components, in: kind) {
        case .success(let k):
            kp = k
        case .failure(let error):
            _ = evaluate(expression)
            if prefix.isEmpty, error.suggestion == nil, let near = APIMisuse.constructorKey(near: key.text) {
                report(.unknownConstructorKey(key.text, kind: kind.name, suggestion: near), at: key.range)
                return
            }
            var errorKind: Kind?
            if case .unknownMember(_, _, _, let k) = error { errorKind = k }
            report(.unknownProperty, pathMessage(error, name: key.text, kind: errorKind), at: key.range,
                   suggestions: error.suggestion.map { [$0] } ?? [])
            return
        }
        if case .object = kp.target {
            guard case .table(let nested) = expression else {
                _ = evaluate(expression)
                report(.typeMismatch, StyleError.notSettable(kp).message, at: key.range)
                return
            }
            for field in nested.fields {
                switch field {
                case .named(let inner, let value): property(inner, value, of: kind, prefix: components)
                case .positional(let value): _ = evaluate(value)
                case .keyed(let k, let value, _): _ = evaluate(k); _ = evaluate(value)
                }
            }
            return
        }
        let value = evaluate(expression)
        checkAssigned(value, expression, to: kp, name: MemberName(key), pointAtName: true, inStyle: false)
    }
}
