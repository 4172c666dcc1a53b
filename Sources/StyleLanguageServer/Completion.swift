import StyleCore
import StyleRun

/// `textDocument/completion`: kinds, key paths, constructor keys, enum cases, members of
/// `color`/`font`/`image`, theme tokens, module members, selector parts.
extension Features {
    /// The completion list at `position`; `index` is the last version of the document that parsed.
    func completion(in doc: TextDocument, index: DocumentIndex?, at position: Position) -> JSONValue {
        let features = declaring(index)
        return features.complete(in: doc, index: index, at: position)
    }

    private func complete(in doc: TextDocument, index: DocumentIndex?, at position: Position) -> JSONValue {
        let offset = doc.offset(of: position)
        if TokenFileLint.isTokenFile(doc.path) { return list(aliasCompletions(in: doc, offset: offset)) }
        let context = CursorContext(bytes: doc.bytes, offset: offset)
        if context.inComment { return list([]) }
        if let string = context.string { return list(stringCompletions(context, string: string.start, doc: doc, index: index)) }
        let chain = context.chain(endingAt: offset)
        let edit = doc.range(chain.partialStart..<offset)
        if !chain.segments.isEmpty {
            return list(memberCompletions(chain.segments, edit: edit, doc: doc, index: index, offset: offset))
        }
        var items: [JSONValue] = []
        if let table = context.enclosingTable, context.keyBeforeValue(at: chain.partialStart) == nil {
            if context.isWhenCondition(tableAt: table.open) {
                // `when({ | }, s)`: `state` and the traits.
                items += conditionItems(.key, edit: edit)
            } else if let callee = table.callee, callee.count == 1, let kind = schema.schema.kind(named: callee[0]) {
                items += constructorKeys(kind, edit: edit)
            } else if let nested = nestedTableKind(context, open: table.open) {
                // `Button { layer = { | } }`: the sub-object's properties.
                return list(nested.members.sorted { $0.key < $1.key }.compactMap { name, member in
                    guard case .property(let p) = member else { return nil }
                    return Self.item(name, kind: 10, detail: schema.summary(p), doc: p.doc, edit: edit, insert: "\(name) = ")
                })
            }
        }
        items += globals(edit: edit, index: index, offset: offset)
        return list(items)
    }

    /// The sub-object kind of a table written as a constructor's property (`layer = {`).
    private func nestedTableKind(_ context: CursorContext, open: Int) -> Kind? {
        guard let key = context.keyBeforeValue(at: open) else { return nil }
        let outer = context.brackets.dropLast().last
        guard let outer, outer.byte == UInt8(ascii: "{"), let callee = context.callee(ofBracketAt: outer.offset),
              callee.count == 1, let kind = schema.schema.kind(named: callee[0]),
              case .nested(_, let nested)? = kind.members[key] else { return nil }
        return nested
    }

    private func list(_ items: [JSONValue]) -> JSONValue {
        ["isIncomplete": false, "items": .array(items)]
    }

    static func item(_ label: String, kind: Int, detail: String, doc: String = "", edit: LSPRange, insert: String? = nil,
                     sort: String? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("label", .string(label)), ("kind", .number(Double(kind))), ("detail", .string(detail)),
        ]
        if !doc.isEmpty { members.append(("documentation", ["kind": "markdown", "value": .string(doc)])) }
        members.append(("textEdit", ["range": edit.json, "newText": .string(insert ?? label)]))
        if let sort { members.append(("sortText", .string(sort))) }
        return .object(members)
    }

    // MARK: After a dot

    private func memberCompletions(_ segments: [String], edit: LSPRange, doc: TextDocument, index: DocumentIndex?, offset: Int) -> [JSONValue] {
        if let found = schema.members(after: segments) {
            return found.members.map { name, member in
                switch member {
                case .property(let p):
                    Self.item(name, kind: 10, detail: schema.summary(p), doc: schema.markdown(p, written: "\(found.root.name).\(p.path)"), edit: edit)
                case .nested(let k):
                    Self.item(name, kind: 5, detail: k.name, doc: k.doc, edit: edit)
                case .field(let p, let f):
                    Self.item(f, kind: 5, detail: "Number", doc: "A side of `\(p.path)`.", edit: edit)
                }
            }
        }
        if segments.count == 1, !catalog.members(of: segments[0]).isEmpty,  // a namespace of the API table
           index?.local(named: segments[0], before: offset) == nil {
            return catalog.members(of: segments[0]).map { e in
                let name = String(e.name.dropFirst(segments[0].count + 1))
                return Self.item(name, kind: e.isFunction ? 3 : 12, detail: e.signature, doc: e.doc, edit: edit)
            }
        }
        if let kind = styledKind(of: segments[0], context: CursorContext(bytes: doc.bytes, offset: offset)),
           let found = schema.members(after: [kind.name] + segments.dropFirst()) {
            // `style(Button, function(b) b.|`: the view's properties, as the function's kind has them.
            return found.members.compactMap { name, member in
                switch member {
                case .property(let p): Self.item(name, kind: 10, detail: schema.summary(p), doc: schema.markdown(p, written: "\(kind.name).\(p.path)"), edit: edit)
                case .nested(let k): Self.item(name, kind: 5, detail: k.name, doc: k.doc, edit: edit)
                case .field(let p, let f): Self.item(f, kind: 5, detail: "Number", doc: "A side of `\(p.path)`.", edit: edit)
                }
            }
        }
        if let index, let items = tokenCompletions(segments, edit: edit, doc: doc, index: index, offset: offset) { return items }
        guard segments.count == 1, let index, let local = index.local(named: segments[0], before: offset) else { return [] }
        return resolver.members(ofLocal: local, in: index, path: doc.path).map { m in
            let kind = switch m.role { case .token: 21; case .function: 3; case .style: 6; case .value: 5 }
            let detail = m.role == .token ? "token · \(m.detail)" : m.detail
            return Self.item(m.name, kind: kind, detail: detail, doc: m.doc, edit: edit)
        }
    }

    /// The kind of the view a function parameter stands for: `v` inside
    /// `style(Button, function(v) … end)` or `appearance(Label, function(v) … end)`.
    func styledKind(of name: String, context: CursorContext) -> Kind? {
        for bracket in context.brackets.reversed() where bracket.byte == UInt8(ascii: "(") {
            guard let callee = context.callee(ofBracketAt: bracket.offset), callee == ["style"] || callee == ["appearance"],
                  let first = context.firstArgument(ofCallAt: bracket.offset), first.count == 1,
                  let kind = schema.schema.kind(named: first[0]) else { continue }
            let between = String(decoding: context.bytes[bracket.offset..<context.offset], as: UTF8.self)
            let compact = between.filter { !$0.isWhitespace }
            if compact.contains("function(\(name))") || compact.contains("function(\(name),") { return kind }
        }
        return nil
    }

    // MARK: Names

    private func constructorKeys(_ kind: Kind, edit: LSPRange) -> [JSONValue] {
        var items = [
            Self.item("id", kind: 10, detail: "String", doc: "The view's id, unique in its tree.", edit: edit, insert: "id = ", sort: "0id"),
            Self.item("class", kind: 10, detail: "String or {String}", doc: "Class names, space-separated (BEM names welcome).",
                      edit: edit, insert: "class = ", sort: "0class"),
            Self.item("style", kind: 10, detail: "Style or {Style}", doc: "Styles applied to the view, in order.",
                      edit: edit, insert: "style = ", sort: "0style"),
        ]
        for (name, member) in kind.members.sorted(by: { $0.key < $1.key }) {
            switch member {
            case .property(let p):
                items.append(Self.item(name, kind: 10, detail: schema.summary(p), doc: schema.markdown(p, written: "\(kind.name).\(p.path)"),
                                       edit: edit, insert: "\(name) = ", sort: "1" + name))
            case .nested(_, let k):
                items.append(Self.item(name, kind: 5, detail: k.name, doc: k.doc, edit: edit, insert: "\(name) = ", sort: "1" + name))
            }
        }
        return items
    }

    private func globals(edit: LSPRange, index: DocumentIndex?, offset: Int) -> [JSONValue] {
        var items: [JSONValue] = schema.schema.viewKinds.map {
            Self.item($0.name, kind: 7, detail: "kind" + ($0.superKind.map { ": \($0.name)" } ?? ""), doc: $0.doc, edit: edit, sort: "2" + $0.name)
        }
        for e in catalog.globals {
            items.append(Self.item(e.name, kind: e.isFunction ? 3 : 9, detail: e.signature, doc: e.doc, edit: edit, sort: "3" + e.name))
        }
        for name in APICatalog.sandboxGlobals {
            items.append(Self.item(name, kind: 3, detail: "Lua", edit: edit, sort: "5" + name))
        }
        if let index {
            var seen = Set<String>()
            for (id, range) in index.declarations where range.upperBound < offset {
                let name = index.chunk[id].name.text
                guard seen.insert(name).inserted else { continue }
                items.append(Self.item(name, kind: 6, detail: "local", edit: edit, sort: "1" + name))
            }
        }
        return items
    }

    // MARK: Inside a string

    private func stringCompletions(_ context: CursorContext, string start: Int, doc: TextDocument, index: DocumentIndex?) -> [JSONValue] {
        let content = String(decoding: doc.bytes[(start + 1)..<context.offset], as: UTF8.self)
        let whole = doc.range((start + 1)..<context.offset)
        let call = context.enclosingCall
        let before = context.skipBlanksBack(from: start)
        // `require "x`, `font.preferred "x`: a call with a string argument and no parentheses.
        let bareCallee: [String]? = before >= 0 && CursorContext.isNameByte(doc.bytes[before])
            ? { let c = context.chain(endingAt: before + 1); return c.segments + [c.partial] }() : nil
        let callee = bareCallee ?? (call.map { $0.argument == 0 ? $0.callee : $0.callee + ["#\($0.argument)"] })
        if let spot = conditionSpot(ofStringAt: start, context) {
            // The name being typed: after `+` in "highlighted+", after ">= " in a comparison.
            var k = context.offset
            while k > start + 1, CursorContext.isNameByte(doc.bytes[k - 1]) { k -= 1 }
            return conditionItems(spot, edit: doc.range(k..<context.offset))
        }

        switch callee {
        case ["rule"]?:
            return selectorCompletions(content, start: start + 1, doc: doc, index: index)
        case ["require"]?:
            return workspace.moduleNames(from: doc.path).map { Self.item($0, kind: 9, detail: "module", edit: whole) }
        case ["font", "preferred"]?:
            return Font.TextStyle.allCases.map {
                Self.item($0.rawValue, kind: 20, detail: "text style · \(formatNumber($0.size)) pt \($0.weight.rawValue)", edit: whole)
            }
        case ["font", "system", "#1"]?:
            return Font.Weight.allCases.map { Self.item($0.rawValue, kind: 20, detail: "font weight", edit: whole) }
        default:
            break
        }
        if let call, call.argument == 1, ["mut", "mver"].contains(call.callee.last ?? ""),
           let path = context.firstArgument(ofCallAt: call.open), let found = schema.enumCases(path) {
            return enumItems(found.cases, property: found.property, edit: whole)
        }
        if let key = context.keyBeforeValue(at: start), let table = context.enclosingTable, let callee = table.callee,
           callee.count == 1, let kind = schema.schema.kind(named: callee[0]), let found = schema.enumCases([kind.name, key]) {
            return enumItems(found.cases, property: found.property, edit: whole)
        }
        return []
    }

    private func enumItems(_ cases: [String], property: Property, edit: LSPRange) -> [JSONValue] {
        cases.map { c in
            let isDefault = property.defaultValue == .enumCase(c)
            return Self.item(c, kind: 20, detail: "\(property.qualifiedName): \(property.type)" + (isDefault ? " · default" : ""),
                             doc: property.doc, edit: edit)
        }
    }

    /// Kinds, `#ids` and `.classes` for the part of a selector being typed.
    private func selectorCompletions(_ content: String, start: Int, doc: TextDocument, index: DocumentIndex?) -> [JSONValue] {
        let bytes = Array(content.utf8)
        var k = bytes.count
        while k > 0, CursorContext.isNameByte(bytes[k - 1]) || bytes[k - 1] == UInt8(ascii: "-") { k -= 1 }
        let sigil = k > 0 ? bytes[k - 1] : nil
        let edit = doc.range((start + k)..<(start + bytes.count))
        let names = workspace.selectorNames(extra: index.map { [$0] } ?? [])
        switch sigil {
        case UInt8(ascii: "#")?:
            return names.ids.sorted().map { Self.item($0, kind: 18, detail: "id used in the workspace", edit: edit) }
        case UInt8(ascii: ".")?:
            return names.classes.sorted().map { Self.item($0, kind: 18, detail: "class used in the workspace", edit: edit) }
        case UInt8(ascii: ":")?:
            // After a compound (`Button:`, `.primary:`, `Button:selected:`) whose views may be controls.
            guard k >= 2, CursorContext.isNameByte(bytes[k - 2]) else { return [] }
            var s = k - 1
            while s > 0, CursorContext.isNameByte(bytes[s - 1]) || [UInt8(ascii: "."), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(bytes[s - 1]) { s -= 1 }
            var e = s
            while e < k - 1, CursorContext.isNameByte(bytes[e]) { e += 1 }
            if e > s, let kind = schema.schema.kind(named: String(decoding: bytes[s..<e], as: UTF8.self)), !schema.schema.mayBeControl(kind) {
                return []
            }
            return stateItems(edit: edit)
        default:
            return schema.schema.viewKinds.map { Self.item($0.name, kind: 7, detail: "kind", doc: $0.doc, edit: edit) }
        }
    }
}
