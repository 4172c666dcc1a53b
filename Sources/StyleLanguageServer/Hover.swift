import LuaSyntax
import StyleCore
import StyleRun

/// `textDocument/hover`: a property's type, default, range and kinds; what a style variable
/// sets; a selector's specificity; a colour's hex, a dynamic colour's four; a preferred or
/// scaled font's size at each content size; an API function's signature.
extension Features {
    func hover(in doc: TextDocument, index: DocumentIndex?, at position: Position) -> JSONValue {
        let offset = doc.offset(of: position)
        guard let (text, range) = declaring(index).hoverText(doc, index: index, offset: offset) else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(text)], "range": doc.range(range).json]
    }

    private func hoverText(_ doc: TextDocument, index: DocumentIndex?, offset: Int) -> (String, Range<Int>)? {
        let context = CursorContext(bytes: doc.bytes, offset: offset)
        if context.inComment { return nil }
        // A font that follows Dynamic Type: its size at each content size; a dynamic colour
        // (`color.label`, `color.dynamic {…}`, either `:withAlpha(…)`): its four values.
        if let index, let font = DynamicTypeFonts.at(offset, in: index) {
            return (DynamicTypeFonts.hoverText(font), font.range)
        }
        if let index, context.string == nil, let dynamic = DynamicColorLiterals.at(offset, in: index) {
            return (DynamicColorLiterals.hoverText(dynamic.color), dynamic.range)
        }
        if let string = context.string {
            var end = offset
            while end < doc.bytes.count, doc.bytes[end] != string.quote, doc.bytes[end] != 0x0A { end += 1 }
            let content = doc.text((string.start + 1)..<end)
            let range = string.start..<min(end + 1, doc.bytes.count)
            let word = Self.word(in: Array(doc.bytes[(string.start + 1)..<end]), start: string.start + 1, at: offset)
            if let spot = conditionSpot(ofStringAt: string.start, context), let word, let text = Self.conditionHover(spot, word: word.text) {
                return (text, word.range)
            }
            if context.enclosingCall?.callee == ["rule"] {
                // `:highlighted` in a selector: the state; elsewhere the selector's specificity.
                if let word, word.before == UInt8(ascii: ":"), let text = Self.stateHover(word.text) { return (text, word.range) }
                return (selectorText(content), range)
            }
            if content.hasPrefix("#"), let c = Color(hex: content) { return ("Colour `\(ColorLiterals.hex(c))`", range) }
            // An enum case: the property it is a value of (`axis = "vertical"`, `mut(StackView.axis, "vertical")`).
            if let property = enumProperty(context, string: string.start), case .enumeration(let e) = property.type.wrapped {
                let valid = e.cases.contains(content) ? "a case of" : "not a case of"
                return ("`\(content)` is \(valid) `\(property.qualifiedName)`: `\(e.name)`\n\n"
                        + e.cases.map { "`\($0)`" }.joined(separator: ", "), range)
            }
            return nil
        }
        // Colours are looked for only where one can be: on `color`, `rgb`, `white` or their arguments.
        let colorWords: Set<String> = ["color", "rgb", "white"]
        let nearColor = context.enclosingCall.map { colorWords.contains($0.callee[0]) } == true
            || context.chainAtCursor().map { colorWords.contains($0.segments.first ?? $0.word) } == true
        if nearColor, let index, let color = ColorLiterals.all(in: index).first(where: { $0.range.contains(offset) }) {
            return ("Colour `\(ColorLiterals.hex(color.color))`", color.range)
        }
        guard let (segments, word, range) = context.chainAtCursor() else { return nil }
        let names = segments + [word]

        // A local's use or declaration.
        if let index, segments.isEmpty, let found = index.variable(at: offset) {
            return (localText(found.variable, index: index, doc: doc), found.range)
        }
        // A key path or a kind.
        if let root = schema.schema.kind(named: names[0]), index?.local(named: names[0], before: offset) == nil {
            if names.count == 1 { return (schema.markdown(root), range) }
            if let p = schema.property(names) { return (schema.markdown(p, written: "\(root.name).\(names.dropFirst().joined(separator: "."))"), range) }
            if case .success(let path)? = Optional(StyleKeyPath.resolve(Array(names.dropFirst()), in: root)),
               case .object(_, let nested) = path.target {
                return ("**\(names.joined(separator: "."))**: `\(nested.name)`\n\n\(nested.doc)", range)
            }
            return nil
        }
        // A key of a `when` condition: `state` or a trait.
        if segments.isEmpty, let table = context.enclosingTable, context.isWhenCondition(tableAt: table.open),
           context.keyBeforeValue(at: range.lowerBound) == nil, let text = Self.conditionHover(.key, word: word) {
            return (text, range)
        }
        // `traits.colorScheme`: the trait's values.
        if segments == ["traits"], index?.local(named: "traits", before: offset) == nil, let trait = Traits.Name(rawValue: word) {
            return (Self.traitDoc(trait), range)
        }
        // A constructor key: `Label { textColor = … }`.
        if segments.isEmpty, let table = context.enclosingTable, let callee = table.callee, callee.count == 1,
           let kind = schema.schema.kind(named: callee[0]), let p = kind.property(word) {
            return (schema.markdown(p, written: "\(kind.name).\(word)"), range)
        }
        // A design token: `t.color.danger` after `local t = tokens "…"`.
        if let index, let text = tokenHover(names, doc: doc, index: index, offset: offset) { return (text, range) }
        // A member of a local: a theme token, a module export.
        if segments.count == 1, let index, let local = index.local(named: segments[0], before: offset),
           let m = resolver.members(ofLocal: local, in: index, path: doc.path).first(where: { $0.name == word }) {
            let what = m.role == .token ? "theme token" : (m.role == .style ? "style" : "member")
            var text = "**\(names.joined(separator: "."))** (\(what))"
            if m.role == .style, let value = m.value, let module = m.index {
                text += "\n\n" + StyleSummary(index: module).describe(value)
            } else {
                text += "\n\n`\(m.detail)`"
            }
            if !m.doc.isEmpty { text += "\n\n\(m.doc)" }
            return (text, range)
        }
        if let e = catalog.entry(names.joined(separator: ".")) {
            return ("```lua\n\(e.signature)\n```" + (e.doc.isEmpty ? "" : "\n\n\(e.doc)"), range)
        }
        return nil
    }

    /// The property whose value the string at `start` is, in a constructor or a `mut`.
    private func enumProperty(_ context: CursorContext, string start: Int) -> Property? {
        if let call = context.enclosingCall, call.argument == 1, ["mut", "mver"].contains(call.callee.last ?? ""),
           let path = context.firstArgument(ofCallAt: call.open) {
            return schema.property(path)
        }
        if let key = context.keyBeforeValue(at: start), let table = context.enclosingTable, let callee = table.callee,
           callee.count == 1, let kind = schema.schema.kind(named: callee[0]) {
            return kind.property(key)
        }
        return nil
    }

    /// `Selector \`Button.primary\`: specificity (0, 1, 1)`, per selector of a list.
    private func selectorText(_ selector: String) -> String {
        do throws(SelectorError) {
            let list = try SelectorList.parse(selector, schema: schema.schema)
            return list.selectors.map {
                let s = $0.specificity
                return "Selector `\($0.text)`: specificity (\(s.ids), \(s.classes), \(s.kinds)) — ids, classes, kinds"
            }.joined(separator: "\n\n")
        } catch {
            return "Selector `\(selector)`: \(error)"
        }
    }

    /// What a local holds: the properties a style sets, a theme's tokens, a module, or its text.
    private func localText(_ variable: VariableID, index: DocumentIndex, doc: TextDocument) -> String {
        let name = index.chunk[variable].name.text
        guard let value = index.initializers[variable] else { return "**\(name)** (local)" }
        if case .call(let call) = value, let callee = APIName.global(call.callee) {
            if callee == "require", case .string(let module)? = call.arguments.first {
                let file = workspace.modulePath(module.text, from: doc.path) ?? "not found"
                return "**\(name)**: module `\(module.text)` (\(file))"
            }
            if callee == "themes" {
                let tokens = resolver.members(of: value, in: index, path: doc.path, depth: 0)
                return "**\(name)**: theme tokens\n\n" + tokens.map { "- `\($0.name)`: \($0.detail)" }.joined(separator: "\n")
            }
        }
        let summary = StyleSummary(index: index)
        guard summary.isStyle(value) else {
            var text = index.text(value.range)
            if text.count > 200 { text = String(text.prefix(197)) + "…" }
            return "**\(name)**\n\n```lua\nlocal \(name) = \(text)\n```"
        }
        return "**\(name)**: " + summary.describe(value)
    }
}

/// The properties a style expression sets, read from its `mut` and `mver` calls and the locals
/// it composes.
struct StyleSummary {
    let index: DocumentIndex

    /// Whether the expression builds a style this summary can describe.
    func isStyle(_ e: LuaExpression) -> Bool {
        var sets: [String] = [], others: [String] = []
        collect(e, into: &sets, others: &others, depth: 0)
        return !sets.isEmpty
    }

    /// `a style that sets` and a list of `Kind.path` = value, then the parts it applies.
    func describe(_ e: LuaExpression) -> String {
        var sets: [String] = [], others: [String] = []
        collect(e, into: &sets, others: &others, depth: 0)
        var text = "a style that sets\n\n" + sets.map { "- \($0)" }.joined(separator: "\n")
        if !others.isEmpty { text += "\n\nand applies " + others.map { "`\($0)`" }.joined(separator: ", ") }
        return text
    }

    func collect(_ e: LuaExpression, into sets: inout [String], others: inout [String], depth: Int) {
        guard depth < 6 else { return }
        switch e {
        case .call(let call):
            let callee = APIName.global(call.callee)
            switch callee {
            case "mut"?, "mver"?:
                guard let path = call.arguments.first else { return }
                let name: String = switch path {
                case .string(let s): s.text
                default: APIName.chain(path)?.joined(separator: ".") ?? index.text(path.range)
                }
                if callee == "mut", call.arguments.count > 1 {
                    sets.append("`\(name)` = `\(index.text(call.arguments[1].range))`")
                } else {
                    sets.append("`\(name)` (transformed by a function)")
                }
            case "concat"?, "style"?:
                for argument in call.arguments { collect(argument, into: &sets, others: &others, depth: depth + 1) }
            default:
                others.append(index.text(e.range))
            }
        case .binary(let b) where b.op == .concat || b.op == .add:
            collect(b.lhs, into: &sets, others: &others, depth: depth + 1)
            collect(b.rhs, into: &sets, others: &others, depth: depth + 1)
        case .name(let n):
            if case .local(let id) = n.binding, let value = index.initializers[id] {
                collect(value, into: &sets, others: &others, depth: depth + 1)
            } else if case .upvalue(let id) = n.binding, let value = index.initializers[id] {
                collect(value, into: &sets, others: &others, depth: depth + 1)
            } else if case .global = n.binding, schema(n.name.text) {
                return
            } else {
                others.append(n.name.text)
            }
        case .function:
            others.append("a function")
        case .parenthesized(let inner, _):
            collect(inner, into: &sets, others: &others, depth: depth)
        default:
            others.append(index.text(e.range))
        }
    }

    /// A kind given to `style(Kind, …)` is not a part.
    private func schema(_ name: String) -> Bool { name.first?.isUppercase == true }
}
