import CLua
import CLuaShim
import StyleCore

// `Kind { id = …, class = …, style = …, property = value, child, child… }` (REFERENCE §1.5).
extension Evaluation {
    func installViewMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in
            let L = self.vm.L
            let view = self.vm.object(at: 1, metatable: ViewObject.metatable, as: View.self)!
            switch self.vm.string(at: 2) {
            case "id"?: if let id = view.id { lua_pushstring(L, id) } else { lua_pushnil(L) }
            case "kind"?: lua_pushstring(L, view.kind.name)
            case "classes"?:
                lua_createtable(L, Int32(view.classes.count), 0)
                for (i, c) in view.classes.enumerated() { lua_pushstring(L, c); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            case "children"?:
                lua_createtable(L, Int32(view.children.count), 0)
                for (i, c) in view.children.enumerated() {
                    self.vm.pushObject(c, metatable: ViewObject.metatable)
                    lua_rawseti(L, -2, lua_Integer(i + 1))
                }
            default:
                let name = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
                throw self.failure(.styledViewField(name), pointingAt: [name])
            }
            return 1
        }
        let tostring = registerToString(View.self, metatable: ViewObject.metatable) { $0.selectorDescription }
        let eq = registerEquality(View.self, metatable: ViewObject.metatable) { $0 === $1 }
        installMetatable(ViewObject.metatable, index: index, tostring: tostring, eq: eq)
    }

    /// stack: kind, table
    func construct() throws(ScriptError) -> Int32 {
        let L = vm.L
        let kind = vm.object(at: 1, metatable: kindMetatable, as: KindObject.self)!.kind
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
        let view = View(kind: kind, location: callLine, stylesBeforeLiterals: 0)
        vm.chargeHostMemory(HostMemory.view(kind))

        // Keys sorted by where they are written, so the first error reported is the first in the file.
        var named = constructorKeyList
        constructorKeyList = []
        // Positions and children (nil for a poisoned one), in the order Lua gives them: its
        // array part in order, so sorting is a pass over a sorted list.
        var children = constructorChildList
        constructorChildList = []
        defer {
            // A view has a few keys and children: removing them one by one is cheaper than
            // `removeAll(keepingCapacity:)`'s general path.
            while named.popLast() != nil {}
            while children.popLast() != nil {}
            constructorKeyList = named
            constructorChildList = children
        }
        var poisonedChildren: [Int] = []  // collecting: children that an earlier error poisoned
        lua_pushnil(L)
        while lua_next(L, 2) != 0 {  // stack: kind, table, named values…, key, value
            if let key = constructorKeys.key(at: -2, of: kind, in: vm) {
                let at = keyLocation(key.name, from: callLine, in: text)
                // The value stays on the stack, under the key, for the pass below (pushing the
                // key again and looking it up was a tenth of building a view).
                if lua_checkstack(L, 2) != 0 {
                    srlua_insert(L, -2)  // stack: …, value, key
                    named.append((key, at.line, at.column, lua_gettop(L) - 1))
                } else {
                    named.append((key, at.line, at.column, 0))
                    srlua_pop(L, 1)
                }
                continue
            } else if vm.isInteger(at: -2), let i = Int(exactly: srlua_tointeger(L, -2, nil)) {
                if isPoison(at: -1) {
                    poisonedChildren.append(i)
                    srlua_pop(L, 1)
                    continue
                }
                guard let child = vm.object(at: -1, metatable: viewMetatable, as: View.self) else {
                    let got = vm.typeName(at: -1)
                    srlua_pop(L, 2)
                    throw failure(.childNotAView(i, of: kind.name, got: got), pointingAt: [kind.name])
                }
                children.append((i, child))
            } else {
                let got = vm.typeName(at: -2)
                srlua_pop(L, 2)
                throw failure(.badViewKey(kind: kind.name, got: got), pointingAt: [kind.name])
            }
            srlua_pop(L, 1)
        }
        if named.count > 1 {
            named.sort { ($0.line, $0.column, $0.key.name) < ($1.line, $1.column, $1.key.name) }
        }

        for (constructorKey, line, column, valueIndex) in named {
            let location = SourceLocation(file: callLine.file, line: line, column: column)
            var index = valueIndex
            if index == 0 {  // a value there was no room on the stack for
                constructorKey.name.withCString { _ = lua_pushstring(L, $0) }
                lua_rawget(L, 2)  // stack: …, value
                index = lua_gettop(L)
            }
            defer { if valueIndex == 0 { srlua_pop(L, 1) } }
            if isPoison(at: index) { continue }
            // A collecting evaluation checks every field; otherwise the first error stops.
            do throws(ScriptError) {
                switch constructorKey.role {
                case .id:
                    guard vm.type(at: index) == LUA_TSTRING, lua_rawlen(L, index) <= Self.maximumNameBytes,
                          let id = vm.string(at: index), !id.isEmpty else {
                        throw located(location, badField: constructorKey.name, of: kind, expected: "a non-empty string", at: index)
                    }
                    view.id = id
                case .classes:
                    let (names, keys) = try classNames(at: index, location: location, kind: kind)
                    view.setClasses(names, keys: keys)
                case .style:
                    view.styles = try constructorStyles(at: index, for: view, location: location).map { style in
                        var style = style
                        style.attachment = StyleAttachment(.constructor, at: location)
                        return style
                    }
                case .property:
                    try addLiteral(constructorKey.name, at: index, to: view, location: location, resolved: constructorKey.keyPath)
                }
            } catch {
                try keepGoing(after: error)
            }
        }
        lua_settop(L, 2)

        let entries = view.endConstructor()

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
        vm.chargeHostMemory(HostMemory.entry * entries)
        vm.pushObject(view, metatable: viewMetatable)
        return 1
    }

    private func located(_ location: SourceLocation, badField key: String, of kind: Kind, expected: String, at index: Int32 = -1) -> ScriptError {
        var got = vm.typeName(at: index)
        var expected = expected
        if vm.type(at: index) == LUA_TSTRING, lua_rawlen(vm.L, index) > Self.maximumNameBytes {
            got = "a string of \(lua_rawlen(vm.L, index)) bytes"
            expected = "a name of at most \(Self.maximumNameBytes) bytes"
        }
        return ScriptError(diagnostic: Diagnostic(.badViewField(key, of: kind.name, expected: expected, got: got), at: location, length: key.count))
    }

    /// The longest id or class name, in bytes, and the most class names of one view. Names are
    /// matched, hashed and printed for every view: a megabyte one is a mistake, and every view
    /// given it would hold and hash its own copy.
    static let maximumNameBytes = 1024
    static let maximumClassNames = 256
    static let maximumClassListBytes = 4096

    /// `class = "card card--large"` or `class = {"card", "card--large"}`, and for a string
    /// the names' keys (`ClassLists`).
    private func classNames(at index: Int32, location: SourceLocation, kind: Kind) throws(ScriptError) -> (names: [String], keys: ClassKeys?) {
        if vm.type(at: index) == LUA_TSTRING {
            // Split from Lua's bytes once per string (`ClassLists`).
            var length = 0
            guard let p = srlua_tostring(vm.L, index, &length) else { return ([], nil) }
            guard length <= Self.maximumClassListBytes else {
                throw ScriptError(diagnostic: Diagnostic(.badViewField("class", of: kind.name, expected: "class names of at most \(Self.maximumClassListBytes) bytes in all",
                                                                       got: "a string of \(length) bytes"), at: location, length: 5))
            }
            let (names, keys) = classLists.names(UnsafeRawPointer(p), length)
            if let long = names.first(where: { $0.utf8.count > Self.maximumNameBytes }) {
                throw ScriptError(diagnostic: Diagnostic(.badViewField("class", of: kind.name, expected: "names of at most \(Self.maximumNameBytes) bytes",
                                                                       got: "one of \(long.utf8.count) bytes"), at: location, length: 5))
            }
            return (names, keys)
        }
        guard vm.type(at: index) == LUA_TTABLE else {
            throw located(location, badField: "class", of: kind, expected: "a string or a list of strings", at: index)
        }
        var names: [String] = []
        let n = lua_rawlen(vm.L, index)
        guard n <= Self.maximumClassNames else {
            throw ScriptError(diagnostic: Diagnostic(.badViewField("class", of: kind.name, expected: "a list of at most \(Self.maximumClassNames) names",
                                                                   got: "a list of \(n)"), at: location, length: 5))
        }
        for i in 0..<n {
            lua_rawgeti(vm.L, index, lua_Integer(i + 1))
            defer { srlua_pop(vm.L, 1) }
            guard vm.type(at: -1) == LUA_TSTRING, lua_rawlen(vm.L, -1) <= Self.maximumNameBytes, let s = vm.string(at: -1) else {
                throw located(location, badField: "class", of: kind, expected: "a list of strings")
            }
            names.append(s)
        }
        return (names, nil)
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
        view.appendLiteral(Literal(keyPath: kp, checkedValue: value, location: location.carrying(tokenOrigin(at: index, value, line: location))))
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
