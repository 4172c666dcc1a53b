import CLua
import CLuaShim
import StyleCore

// `Kind { id = …, class = …, style = …, property = value, child, child… }` (REFERENCE §1.5).
extension Evaluation {
    func installViewMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in
            let L = self.vm.L
            let view = self.vm.object(at: 1, metatable: ViewObject.metatable, as: ViewObject.self)!.view
            switch self.vm.string(at: 2) {
            case "id"?: if let id = view.id { lua_pushstring(L, id) } else { lua_pushnil(L) }
            case "kind"?: lua_pushstring(L, view.kind.name)
            case "classes"?:
                lua_createtable(L, Int32(view.classes.count), 0)
                for (i, c) in view.classes.enumerated() { lua_pushstring(L, c); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            case "children"?:
                lua_createtable(L, Int32(view.children.count), 0)
                for (i, c) in view.children.enumerated() {
                    self.vm.pushObject(ViewObject(c), metatable: ViewObject.metatable)
                    lua_rawseti(L, -2, lua_Integer(i + 1))
                }
            default:
                let name = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
                throw self.failure(.styledViewField(name), pointingAt: [name])
            }
            return 1
        }
        let tostring = registerToString(ViewObject.self, metatable: ViewObject.metatable) { $0.view.selectorDescription }
        let eq = registerEquality(ViewObject.self, metatable: ViewObject.metatable) { $0.view === $1.view }
        installMetatable(ViewObject.metatable, index: index, tostring: tostring, eq: eq)
    }

    /// stack: kind, table
    func construct() throws(ScriptError) -> Int32 {
        let L = vm.L
        let kind = vm.object(at: 1, metatable: KindObject.metatable, as: KindObject.self)!.kind
        guard vm.type(at: 2) == LUA_TTABLE, vm.top == 2 else {
            throw failure(.viewNeedsTable(kind: kind.name), pointingAt: [kind.name])
        }
        // `vm.location(pointingAt: [kind.name])`, with the chunk's text looked up once for the
        // view and all its keys.
        var callLine = vm.location(level: 1)
        let text = vm.text(of: callLine.file)
        if let column = text?.column(of: kind.name, line: callLine.line, wholeWord: LuaVM.startsWithWord(kind.name)) {
            callLine.column = column
        }
        let view = View(kind: kind, location: callLine)
        vm.chargeHostMemory(HostMemory.view(kind))
        view.stylesBeforeLiterals = 0

        // Keys sorted by where they are written, so the first error reported is the first in the file.
        var named = constructorKeyList
        constructorKeyList = []
        // Positions and children (nil for a poisoned one), in the order Lua gives them: its
        // array part in order, so sorting is a pass over a sorted list.
        var children = constructorChildList
        constructorChildList = []
        defer {
            named.removeAll(keepingCapacity: true)
            children.removeAll(keepingCapacity: true)
            constructorKeyList = named
            constructorChildList = children
        }
        var poisonedChildren: [Int] = []  // collecting: children that an earlier error poisoned
        lua_pushnil(L)
        while lua_next(L, 2) != 0 {  // stack: kind, table, key, value
            if let key = constructorKeys.key(at: -2, of: kind, in: vm) {
                named.append((key, keyLocation(key.name, from: callLine, in: text)))
            } else if vm.isInteger(at: -2), let i = Int(exactly: srlua_tointeger(L, -2, nil)) {
                if isPoison(at: -1) {
                    poisonedChildren.append(i)
                    srlua_pop(L, 1)
                    continue
                }
                guard let child = vm.object(at: -1, metatable: ViewObject.metatable, as: ViewObject.self) else {
                    let got = vm.typeName(at: -1)
                    srlua_pop(L, 2)
                    throw failure(.childNotAView(i, of: kind.name, got: got), pointingAt: [kind.name])
                }
                children.append((i, child.view))
            } else {
                let got = vm.typeName(at: -2)
                srlua_pop(L, 2)
                throw failure(.badViewKey(kind: kind.name, got: got), pointingAt: [kind.name])
            }
            srlua_pop(L, 1)
        }
        named.sort { ($0.location.line, $0.location.column, $0.key.name) < ($1.location.line, $1.location.column, $1.key.name) }

        for (constructorKey, location) in named {
            let key = constructorKey.name
            key.withCString { _ = lua_pushstring(L, $0) }  // a short key stays on the stack
            lua_rawget(L, 2)  // stack: kind, table, value
            defer { srlua_pop(L, 1) }
            if isPoison(at: -1) { continue }
            // A collecting evaluation checks every field; otherwise the first error stops.
            do throws(ScriptError) {
                switch key {
                case "id":
                    guard let id = vm.string(at: -1), !id.isEmpty else { throw located(location, badField: key, of: kind, expected: "a non-empty string") }
                    view.id = id
                case "class":
                    view.setClasses(try classNames(at: -1, location: location, kind: kind))
                case "style":
                    view.styles = try constructorStyles(at: lua_gettop(L), for: view, location: location).map { style in
                        var style = style
                        style.attachment = StyleAttachment(.constructor, at: location)
                        return style
                    }
                default:
                    try addLiteral(key, at: lua_gettop(L), to: view, location: location, resolved: constructorKey.keyPath)
                }
            } catch {
                try keepGoing(after: error)
            }
        }

        view.stylesBeforeLiterals = view.styles.count

        children += poisonedChildren.map { ($0, nil) }
        if !children.isEmpty, !zip(children, children.dropFirst()).allSatisfy({ $0.position < $1.position }) {
            children.sort { $0.position < $1.position }
        }
        for (position, entry) in children.enumerated() {
            guard entry.position == position + 1 else {
                throw failure(.childrenGap(kind: kind.name, position: position + 1), pointingAt: [kind.name])
            }
            guard let child = entry.view else { continue }
            if let parent = child.parent {
                throw failure(.alreadyAChild(child.selectorDescription, parent: parent.selectorDescription), pointingAt: [kind.name])
            }
            view.addChild(child)
        }
        vm.chargeHostMemory(HostMemory.entry * (view.literals.count + view.styles.count))
        vm.pushObject(ViewObject(view), metatable: ViewObject.metatable)
        return 1
    }

    private func located(_ location: SourceLocation, badField key: String, of kind: Kind, expected: String) -> ScriptError {
        ScriptError(diagnostic: Diagnostic(.badViewField(key, of: kind.name, expected: expected, got: vm.typeName(at: -1)), at: location, length: key.count))
    }

    /// `class = "card card--large"` or `class = {"card", "card--large"}`.
    private func classNames(at index: Int32, location: SourceLocation, kind: Kind) throws(ScriptError) -> [String] {
        if vm.type(at: index) == LUA_TSTRING {
            // Split Lua's bytes in place: splitting Characters was a sixth of building a
            // screen's views, and splitting a Swift copy of the string most of the rest.
            var length = 0
            guard let p = srlua_tostring(vm.L, index, &length) else { return [] }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: length)
            var names: [String] = []
            names.reserveCapacity(4)
            var start = 0
            for i in 0...length where i == length || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
                if i > start { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
            return names
        }
        guard vm.type(at: index) == LUA_TTABLE else { throw located(location, badField: "class", of: kind, expected: "a string or a list of strings") }
        var names: [String] = []
        let n = lua_rawlen(vm.L, index)
        for i in 0..<n {
            lua_rawgeti(vm.L, index, lua_Integer(i + 1))
            defer { srlua_pop(vm.L, 1) }
            guard let s = vm.string(at: -1) else { throw located(location, badField: "class", of: kind, expected: "a list of strings") }
            names.append(s)
        }
        return names
    }

    /// `style = s` or `style = {s1, s2}`; each must suit the view's kind.
    private func constructorStyles(at index: Int32, for view: View, location: SourceLocation) throws(ScriptError) -> [Style] {
        // `style = …` is a field, not an argument: say so rather than "bad argument #3 to 'style'".
        func style(onTop: Int32) throws(ScriptError) -> Style {
            let isStyle = vm.object(at: onTop, metatable: StyleObject.metatable, as: StyleObject.self) != nil
            guard isStyle || srlua_isfunction(vm.L, onTop) != 0 else {
                throw located(location, badField: "style", of: view.kind, expected: "a style, a function(view) or a list of them")
            }
            return try styleArgument(onTop, of: "style")
        }
        var styles: [Style] = []
        if vm.type(at: index) == LUA_TTABLE {
            let n = lua_rawlen(vm.L, index)
            for i in 0..<n {
                lua_rawgeti(vm.L, index, lua_Integer(i + 1))
                defer { srlua_pop(vm.L, 1) }
                if isPoison(at: -1) { continue }
                styles.append(try style(onTop: lua_gettop(vm.L)))
            }
        } else {
            styles.append(try style(onTop: index))
        }
        for style in styles where !view.kind.isA(style.kind) {
            throw ScriptError(diagnostic: Diagnostic(.styleKindMismatch(style: style.kind.name, view: view.selectorDescription), at: location, length: 5))
        }
        return styles
    }

    /// A property in the constructor: checked now, applied last in the cascade. A nested object
    /// takes a table of its own properties (`layer = { cornerRadius = 6 }`).
    /// `resolved` is the key path of `key` when it is already known.
    private func addLiteral(_ key: String, at index: Int32, to view: View, location: SourceLocation, prefix: [String] = [],
                            resolved: StyleKeyPath? = nil) throws(ScriptError) {
        if isPoison(at: index) { return }
        let kp: StyleKeyPath
        if let resolved {
            kp = resolved
        } else {
            var components = prefix  // one array, not `prefix + [key]`'s two
            components.append(key)
            switch StyleKeyPath.resolve(components, in: view.kind) {
            case .success(let k): kp = k
            case .failure(let e):
                // `clas = "card"`: the constructor's own keys are near misses too.
                if prefix.isEmpty, e.suggestion == nil, let near = APIMisuse.constructorKey(near: key) {
                    throw ScriptError(diagnostic: Diagnostic(.misuse(.unknownConstructorKey(key, kind: view.kind.name, suggestion: near)),
                                                             at: location, length: key.count))
                }
                throw ScriptError(diagnostic: Diagnostic(.unknownProperty(e, declaredBy: kindDeclaring(e), appliedTo: nil), at: location, length: key.count))
            }
        }
        if case .object = kp.target {
            guard vm.type(at: index) == LUA_TTABLE else {
                throw ScriptError(diagnostic: Diagnostic(.style(.notSettable(kp)), at: location, length: key.count))
            }
            lua_pushnil(vm.L)
            while lua_next(vm.L, index) != 0 {  // stack: …, key, value
                guard let inner = vm.string(at: -2) else { srlua_pop(vm.L, 1); continue }
                let top = lua_gettop(vm.L)
                do {
                    try addLiteral(inner, at: top, to: view, location: keyLocation(inner, from: location), prefix: prefix + [key])
                } catch {
                    srlua_pop(vm.L, 2)
                    throw error
                }
                srlua_pop(vm.L, 1)
            }
            return
        }
        let value: Value
        do {
            value = try checkedValue(at: index, for: kp, function: key)
        } catch {
            var d = error.diagnostic
            d.line = location.line
            d.column = location.column
            d.endLine = location.line
            d.endColumn = location.column + key.count
            throw ScriptError(diagnostic: d)
        }
        view.literals.append(Literal(keyPath: kp, checkedValue: value, location: location))
    }

    /// Where `key =` is written, searching from the constructor's line down.
    func keyLocation(_ key: String, from start: SourceLocation) -> SourceLocation {
        keyLocation(key, from: start, in: vm.text(of: start.file))
    }

    /// `keyLocation(_:from:)` in the text of `start`'s chunk, already at hand.
    private func keyLocation(_ key: String, from start: SourceLocation, in text: ChunkText?) -> SourceLocation {
        guard let found = text?.assignment(of: key, from: start.line, within: 400) else { return start }
        return SourceLocation(file: start.file, line: found.line, column: found.column)
    }
}
