import CLua
import CLuaShim
import StyleCore

// Kinds, key paths, and the style primitives mut, mver, concat, style, with (REFERENCE §1.3–1.4).
extension Evaluation {
    func installStyleBindings() {
        installKindMetatable()
        installKeyPathMetatable()
        installStyleMetatable()
        for kind in schema.viewKinds { defineKindGlobal(kind) }

        setGlobalFunction("mut") { e throws(ScriptError) in
            let (path, root) = try e.pathArgument(1, of: "mut")
            let value: Value
            let checked: Bool
            if case .keyPath(let kp) = path {
                value = try e.checkedValue(at: 2, for: kp, function: "mut")
                checked = true
            } else {
                // A string path is checked once it knows its kind; tables keep their shape until then.
                value = try e.untypedValue(at: 2, of: "mut")
                checked = false
            }
            let (frames, at) = e.callFrames()
            let written = at.carrying(e.tokenOrigin(at: 2, value, line: at))
            return try e.pushStyle("mut", frames: frames) { () throws(StyleError) in
                checked ? try Style.mut(path, checked: value, root: root, at: written) : try Style.mut(path, value, root: root, at: written)
            }
        }
        setGlobalFunction("mver") { e throws(ScriptError) in
            let (path, root) = try e.pathArgument(1, of: "mver")
            guard srlua_isfunction(e.vm.L, 2) != 0 else { throw e.badArgument("mver", 2, expected: "a function", index: 2) }
            let transform = LuaValueTransform(evaluation: e, at: 2, location: e.vm.location(pointingAt: ["mver"]))
            return try e.pushStyle("mver") { () throws(StyleError) in try Style.mver(path, transform, root: root, at: e.vm.location()) }
        }
        setGlobalFunction("concat") { e throws(ScriptError) in
            let parts = try e.styleArguments(from: 1, of: "concat")
            let (frames, at) = e.callFrames()
            return try e.pushStyle("concat", parts: parts, frames: frames) { () throws(StyleError) in
                try Style.concat(parts, root: Schema.view, at: at)
            }
        }
        setGlobalFunction("style") { e throws(ScriptError) in
            guard let kind = e.vm.object(at: 1, metatable: KindObject.metatable, as: KindObject.self) else {
                throw e.badArgument("style", 1, expected: "a kind (like Button)", index: 1)
            }
            let parts = try e.styleArguments(from: 2, of: "style")
            let (frames, at) = e.callFrames()
            return try e.pushStyle("style", parts: parts, frames: frames) { () throws(StyleError) in
                try Style.concat(parts, kind: kind.kind, root: kind.kind, at: at)
            }
        }
        setGlobalFunction("when") { e throws(ScriptError) in
            let condition = try e.conditionArgument(1)
            let style = try e.styleArgument(2, of: "when")
            let (frames, at) = e.callFrames()
            return try e.pushStyle("when", parts: [style], frames: frames) { () throws(StyleError) in
                try Style.when(condition, style, schema: e.schema, at: at)
            }
        }
        setGlobalFunction("with") { e throws(ScriptError) in
            guard e.vm.object(at: 1, metatable: ViewObject.metatable, as: View.self) != nil else {
                throw e.badArgument("with", 1, expected: "a view (like Label { … })", index: 1)
            }
            let style = try e.styleArgument(2, of: "with")
            return try e.attach(style, toViewAt: 1, way: .with)
        }
    }

    // MARK: Kinds

    func defineKindGlobal(_ kind: Kind) {
        vm.pushObject(KindObject(kind), metatable: KindObject.metatable)
        setGlobal(kind.name)
    }

    private func installKindMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in
            let kind = self.vm.object(at: 1, metatable: KindObject.metatable, as: KindObject.self)!.kind
            guard let name = self.vm.string(at: 2) else { throw self.badArgument("index", 2, expected: "a property name", index: 2) }
            let kp = try self.resolved(StyleKeyPath.resolve([name], in: kind), name: name)
            self.vm.pushObject(KeyPathObject(kp), metatable: KeyPathObject.metatable)
            return 1
        }
        let call = vm.register { [unowned self] _ throws(ScriptError) in try self.construct() }
        let tostring = registerToString(KindObject.self, metatable: KindObject.metatable) { $0.kind.name }
        let eq = registerEquality(KindObject.self, metatable: KindObject.metatable) { $0.kind === $1.kind }
        let newindex = vm.register { [unowned self] _ throws(ScriptError) in
            let kind = self.vm.object(at: 1, metatable: KindObject.metatable, as: KindObject.self)!.kind
            throw self.failure(.kindsAreReadOnly(kind.name), pointingAt: [kind.name])
        }
        installMetatable(KindObject.metatable, index: index, newindex: newindex, call: call, tostring: tostring, eq: eq)
    }

    // MARK: Key paths

    private func installKeyPathMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in
            let kp = self.vm.object(at: 1, metatable: KeyPathObject.metatable, as: KeyPathObject.self)!.keyPath
            guard let name = self.vm.string(at: 2) else { throw self.badArgument("index", 2, expected: "a property name", index: 2) }
            let next = try self.resolved(kp.appending(name), name: name)
            self.vm.pushObject(KeyPathObject(next), metatable: KeyPathObject.metatable)
            return 1
        }
        let tostring = registerToString(KeyPathObject.self, metatable: KeyPathObject.metatable) { $0.keyPath.description }
        let eq = registerEquality(KeyPathObject.self, metatable: KeyPathObject.metatable) { $0.keyPath == $1.keyPath }
        installMetatable(KeyPathObject.metatable, index: index, tostring: tostring, eq: eq)
    }

    func resolved(_ result: Result<StyleKeyPath, StyleKeyPath.PathError>, name: String) throws(ScriptError) -> StyleKeyPath {
        switch result {
        case .success(let kp): return kp
        case .failure(let e):
            throw failure(.unknownProperty(e, declaredBy: kindDeclaring(e), appliedTo: nil), pointingAt: [name])
        }
    }

    /// For a member no kind in its path has and nothing is spelled like: a view kind that has it.
    func kindDeclaring(_ error: StyleKeyPath.PathError) -> Kind? {
        guard error.suggestion == nil, case .unknownMember(let n, _, _, let kind) = error else { return nil }
        return kindDeclaring(n, notIn: kind)
    }

    /// A view kind that declares `member`, for "`spacing` exists on StackView, not Label".
    func kindDeclaring(_ member: String, notIn kind: Kind) -> Kind? {
        schema.viewKinds.first { $0.declarations.contains { $0.name == member } && !kind.isA($0) }
    }

    /// Argument `index` as a path: a key path, or a string path with no root yet.
    func pathArgument(_ index: Int32, of function: String) throws(ScriptError) -> (PathReference, Kind) {
        if let kp = vm.object(at: index, metatable: KeyPathObject.metatable, as: KeyPathObject.self) {
            return (.keyPath(kp.keyPath), kp.keyPath.root)
        }
        if let s = vm.string(at: index) {
            let components = s.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !components.contains(where: \.isEmpty) else {
                throw failure(.notAPropertyPath(s), pointingAt: ["\"\(s)\""])
            }
            // Resolvable against View already: type it now so the value is checked at the call.
            if case .success(let kp) = StyleKeyPath.resolve(components, in: Schema.view) { return (.keyPath(kp), Schema.view) }
            return (.unresolved(components), Schema.view)
        }
        throw badArgument(function, Int(index), expected: "a key path (like View.alpha) or a string path", index: index)
    }

    /// A value for a string path that is not typed yet: scalars and values as they are,
    /// a table as insets or size by its fields.
    func untypedValue(at index: Int32, of function: String) throws(ScriptError) -> Value {
        var expected: ValueType?
        if vm.type(at: index) == LUA_TTABLE {
            lua_pushstring(vm.L, "width")
            lua_rawget(vm.L, lua_absindex(vm.L, index) )
            expected = srlua_isnil(vm.L, -1) != 0 ? .insets : .size
            srlua_pop(vm.L, 1)
        }
        do {
            return try readValue(at: index, expecting: expected)
        } catch {
            throw failure(.badValueArgument(function: function, position: index, error, expected: expected ?? .number), pointingAt: [function])
        }
    }

    // MARK: Styles

    private func installStyleMetatable() {
        let call = vm.register { [unowned self] _ throws(ScriptError) in
            let style = self.vm.object(at: 1, metatable: StyleObject.metatable, as: StyleObject.self)!.style
            try self.checkArity("a style called on a view", first: 2)
            guard self.vm.object(at: 2, metatable: ViewObject.metatable, as: View.self) != nil else {
                throw self.badArgument("style", 1, expected: "a view to style", index: 2)
            }
            return try self.attach(style, toViewAt: 2, way: .call)
        }
        let concat = vm.register { [unowned self] _ throws(ScriptError) in
            let parts = try self.styleArguments(from: 1, of: "..")
            return try self.pushStyle("..", parts: parts) { () throws(StyleError) in try Style.concat(parts, root: Schema.view, at: self.vm.location()) }
        }
        let tostring = registerToString(StyleObject.self, metatable: StyleObject.metatable) { object in
            let style = object.style
            return "\(style.kind.name) style (\(style.count) step\(style.count == 1 ? "" : "s"), \(style.location))"
        }
        installMetatable(StyleObject.metatable, call: call, concat: concat, tostring: tostring)
    }

    /// The call's script frames (`scriptFrames()`) and its line, walked once: the first frame is
    /// the call's line, and the frames name the style (`name(_:frames:)`).
    func callFrames() -> (frames: [SourceLocation], at: SourceLocation) {
        let frames = scriptFrames()
        return (frames, frames.first ?? vm.location())
    }

    /// Builds a style; a `StyleError` becomes a diagnostic at the call.
    /// - Parameter parts: the parts of a composition, which lint checks for dead writes.
    /// - Parameter frames: the call's `scriptFrames()`, when the caller walked them already.
    func pushStyle(_ function: String, parts: [Style]? = nil, frames: [SourceLocation]? = nil,
                   _ make: () throws(StyleError) -> Style) throws(ScriptError) -> Int32 {
        let made: Style
        do {
            made = try make()
        } catch {
            throw failure(.style(error), pointingAt: [function])
        }
        var style = made
        name(&style, frames: frames ?? scriptFrames())
        if isCollecting {
            probeTargets.note(style)
            if let parts { noteComposition(style, parts: parts) }
        }
        vm.chargeHostMemory(HostMemory.style(style))
        vm.pushObject(StyleObject(style), metatable: StyleObject.metatable)
        return 1
    }

    /// Argument `index` of `when` as a condition: a state's name (`"highlighted"`,
    /// `"highlighted+selected"`) or a table of `state` and traits, each a value or a list of
    /// values (`{ state = "disabled", colorScheme = { "dark" }, contentSize = ">= large" }`).
    func conditionArgument(_ index: Int32) throws(ScriptError) -> Condition {
        let L = vm.L
        if let text = vm.string(at: index), vm.type(at: index) == LUA_TSTRING {
            switch Condition.parse(state: text) {
            case .success(let c): return c
            case .failure(let e): throw failure(.style(.condition(e)), pointingAt: ["\"\(text)\"", "when"])
            }
        }
        guard vm.type(at: index) == LUA_TTABLE else {
            throw badArgument("when", Int(index), expected: "a state name or a table of states and traits", index: index)
        }
        var entries: [(String, [String])] = []
        lua_pushnil(L)  // stack: …, nil
        while lua_next(L, index) != 0 {  // stack: …, key, value
            guard let key = vm.string(at: -2), vm.type(at: -2) == LUA_TSTRING else {
                srlua_pop(L, 2)
                throw badArgument("when", Int(index), expected: "a table whose keys are 'state' and trait names", index: index)
            }
            var values: [String] = []
            if vm.type(at: -1) == LUA_TSTRING, let v = vm.string(at: -1) {
                values = [v]
            } else if vm.type(at: -1) == LUA_TTABLE {
                let count = lua_rawlen(L, -1)
                if count > 0 {
                    for i in 1...count {
                        lua_rawgeti(L, -1, lua_Integer(i))  // stack: …, key, list, item
                        guard vm.type(at: -1) == LUA_TSTRING, let v = vm.string(at: -1) else {
                            srlua_pop(L, 3)
                            throw failure(.style(.condition(.emptyList(key))), pointingAt: [key, "when"])
                        }
                        values.append(v)
                        srlua_pop(L, 1)  // stack: …, key, list
                    }
                }
            } else {
                srlua_pop(L, 2)
                throw badArgument("when", Int(index), expected: "'\(key)' to be a name or a list of names", index: index)
            }
            entries.append((key, values))
            srlua_pop(L, 1)  // stack: …, key
        }
        // Sorted, so that the condition and its first error do not depend on Lua's table order.
        var condition = Condition()
        for (key, values) in entries.sorted(by: { $0.0 < $1.0 }) {
            do throws(ConditionError) { try condition.add(key, values) } catch {
                let token: String = switch error {
                case .trait(.unknownTrait): key
                case .trait(.unknownValue(let v, _, _)): v
                case .state(.unknownState(let v, _)): v
                default: key
                }
                throw failure(.style(.condition(error)), pointingAt: [token, key, "when"])
            }
        }
        return condition
    }

    /// Argument `index` as a style: a style value or a plain function (a `View` style).
    func styleArgument(_ index: Int32, of function: String) throws(ScriptError) -> Style {
        if let s = vm.object(at: index, metatable: StyleObject.metatable, as: StyleObject.self) { return s.style }
        if srlua_isfunction(vm.L, index) != 0 {
            let location = functionLocation(at: index)
            let fn = LuaFunctionStyle(evaluation: self, function: reference(at: index), location: location)
            return Style.function(fn, kind: Schema.view, at: location)
        }
        if vm.type(at: index) == LUA_TTABLE {
            // `concat { a, b }`: a list of styles, said as such.
            lua_rawgeti(vm.L, index, 1)  // stack: …, t[1]
            let listsStyles = vm.object(at: -1, metatable: StyleObject.metatable, as: StyleObject.self) != nil
                || srlua_isfunction(vm.L, -1) != 0
            srlua_pop(vm.L, 1)
            if listsStyles { throw failure(.stylesInATable(function: function, position: Int(index)), pointingAt: [function]) }
        }
        throw badArgument(function, Int(index), expected: "a style or a function(view)", index: index)
    }

    func styleArguments(from first: Int32, of function: String) throws(ScriptError) -> [Style] {
        let top = vm.top
        guard top >= first else { return [] }
        var parts: [Style] = []
        for i in first...top { parts.append(try styleArgument(i, of: function)) }
        return parts
    }

    /// `with(view, style)`: appends to the view's own style list and returns the view.
    func attach(_ style: Style, toViewAt index: Int32, way: StyleAttachment.Way) throws(ScriptError) -> Int32 {
        let view = vm.object(at: index, metatable: ViewObject.metatable, as: View.self)!
        guard view.kind.isA(style.kind) else {
            throw failure(.styleKindMismatch(style: style.kind.name, view: view.selectorDescription), pointingAt: ["with"])
        }
        var style = style
        style.attachment = StyleAttachment(way, at: vm.location(pointingAt: way == .with ? ["with"] : []))
        view.styles.append(style)
        vm.chargeHostMemory(HostMemory.entry)
        lua_pushvalue(vm.L, index)
        return 1
    }

    // MARK: Lua functions kept for later

    /// Keeps the function at `index` in the registry for as long as the evaluation lives.
    func reference(at index: Int32) -> Int32 {
        lua_pushvalue(vm.L, index)
        return luaL_ref(vm.L, srlua_registryindex())
    }

    /// Where a function was defined (its `function` line).
    func functionLocation(at index: Int32) -> SourceLocation {
        var loc = vm.location()
        lua_pushvalue(vm.L, index)
        if let defined = vm.definitionLine() { loc.line = defined.line; loc.file = defined.file }
        return loc
    }
}
