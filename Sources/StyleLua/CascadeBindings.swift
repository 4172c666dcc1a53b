import CLua
import CLuaShim
import Foundation
import StyleCore

// appearance, rule, themes, kind (REFERENCE §1.6–1.8).
extension Evaluation {
    func installCascadeBindings() {
        setGlobalFunction("appearance") { e throws(ScriptError) in
            guard let kind = e.vm.object(at: 1, metatable: KindObject.metatable, as: KindObject.self) else {
                throw e.badArgument("appearance", 1, expected: "a kind (like Button)", index: 1)
            }
            let style = try e.styleArgument(2, of: "appearance")
            var narrowed = style
            if kind.kind.isA(style.kind) {
                // A string path the narrower kind cannot resolve is the script's mistake, said here.
                do throws(StyleError) {
                    narrowed = try style.narrowed(to: kind.kind)
                } catch {
                    throw e.failure(.style(error), pointingAt: ["appearance"])
                }
            }
            do throws(StylesheetError) {
                try e.stylesheet.appearance(kind.kind, narrowed, at: e.vm.location(pointingAt: ["appearance"]))
            } catch {
                throw e.failure(.stylesheet(error), pointingAt: ["appearance"])
            }
            return 0
        }

        setGlobalFunction("rule") { e throws(ScriptError) in
            guard let text = e.vm.string(at: 1) else { throw e.badArgument("rule", 1, expected: "a selector string", index: 1) }
            let style = try e.styleArgument(2, of: "rule")
            let at = e.vm.location(pointingAt: ["rule"])
            let selector: SelectorList
            do throws(SelectorError) {
                selector = try SelectorList.parse(text, schema: e.schema)
            } catch {
                throw ScriptError(diagnostic: Diagnostic(.selector(error), at: e.selectorLocation(text, offset: error.offset, fallback: at),
                                                         length: error.length))
            }
            do throws(StylesheetError) {
                try e.stylesheet.rule(selector, style, at: at)
            } catch {
                var offset = 0
                if case .styleNeverMatches(_, _, _, let o) = error { offset = o }
                throw ScriptError(diagnostic: Diagnostic(.stylesheet(error), at: e.selectorLocation(text, offset: offset, fallback: at)))
            }
            return 0
        }

        setGlobalFunction("themes") { e throws(ScriptError) in try e.declareThemes() }
        setGlobalFunction("kind") { e throws(ScriptError) in try e.declareKind() }
    }

    /// The column of a character in a selector literal on the calling line.
    private func selectorLocation(_ text: String, offset: Int, fallback: SourceLocation) -> SourceLocation {
        var loc = fallback
        for quoted in ["\"\(text)\"", "'\(text)'"] {
            if let c = vm.column(of: quoted, line: loc.line, in: loc.file, wholeWord: false) {
                loc.column = c + 1 + offset
                return loc
            }
        }
        return loc
    }

    // MARK: themes { default = "light", light = {…}, dark = {…} }

    private func declareThemes() throws(ScriptError) -> Int32 {
        let L = vm.L
        guard vm.type(at: 1) == LUA_TTABLE else { throw badArgument("themes", 1, expected: "a table of themes", index: 1) }
        guard !themesDeclared else { throw failure(.themesDeclaredTwice, pointingAt: ["themes"]) }
        var defaultName: String?
        var names: [String] = []
        var tokens: [String: Set<String>] = [:]
        lua_pushnil(L)
        while lua_next(L, 1) != 0 {  // stack: table, key, value
            guard let key = vm.string(at: -2) else {
                srlua_pop(L, 2)
                throw failure(.themeNotNamed, pointingAt: ["themes"])
            }
            if key == "default" {
                guard let d = vm.string(at: -1) else {
                    srlua_pop(L, 2)
                    throw failure(.defaultNotAName, pointingAt: ["default"])
                }
                defaultName = d
            } else {
                guard vm.type(at: -1) == LUA_TTABLE else {
                    let got = vm.typeName(at: -1)
                    srlua_pop(L, 2)
                    throw failure(.themeNotATable(key, got: got), pointingAt: [key])
                }
                names.append(key)
                var set = Set<String>()
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    if let t = vm.string(at: -2) { set.insert(t) }
                    srlua_pop(L, 1)
                }
                tokens[key] = set
            }
            srlua_pop(L, 1)
        }
        names.sort()
        let at = vm.location(pointingAt: ["themes"])
        guard !names.isEmpty else { throw failure(.noThemes, pointingAt: ["themes"]) }
        guard let chosenDefault = defaultName ?? (names.count == 1 ? names[0] : nil) else {
            throw failure(.noDefaultTheme(names), pointingAt: ["themes"])
        }
        guard names.contains(chosenDefault) else {
            throw failure(.unknownDefaultTheme(chosenDefault, declared: names), pointingAt: ["\"\(chosenDefault)\""])
        }
        let all = tokens.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        // Each missing token of each theme (a collecting evaluation reports them all).
        var missingTokens: [Diagnostic] = []
        for name in names {
            for missing in all.subtracting(tokens[name]!).sorted() {
                let definer = names.first { tokens[$0]!.contains(missing) }!
                let line = keyLocation(name, from: at)
                missingTokens.append(Diagnostic(.missingToken(theme: name, token: missing, definedBy: definer), at: line, length: name.count))
            }
        }
        try report(missingTokens)
        let active = options.theme ?? chosenDefault
        guard names.contains(active) else {
            throw failure(.unknownTheme(active, declared: names), pointingAt: ["themes"])
        }
        themesDeclared = true
        themeNames = names
        activeTheme = active

        // A copy of the active theme's tokens; reading an undefined token is an error.
        lua_pushstring(L, active)
        lua_rawget(L, 1)  // stack: …, theme
        srlua_newtable(L)  // stack: …, theme, copy
        lua_pushnil(L)
        while lua_next(L, -3) != 0 {  // stack: theme, copy, key, value
            lua_pushvalue(L, -2)
            srlua_insert(L, -2)  // stack: theme, copy, key, key, value
            lua_rawset(L, -4)    // stack: theme, copy, key
        }
        // A token missing from the active theme was reported above; reading it is no new error.
        if isCollecting {
            for missing in all.subtracting(tokens[active]!) {
                pushPoison()                     // stack: theme, copy, poison
                lua_setfield(L, -2, missing)     // stack: theme, copy
            }
        }
        // The active theme's values, for `stylerun tokens` (tables and functions are not values).
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {  // stack: theme, copy, key, value
            if let name = vm.string(at: -2), !isPoison(at: -1) {
                let value: Value?
                switch vm.type(at: -1) {
                case LUA_TUSERDATA: value = vm.object(at: -1, metatable: ValueObject.metatable, as: ValueObject.self)?.value
                case LUA_TNUMBER: value = vm.isInteger(at: -1) ? .int(Int(srlua_tointeger(L, -1, nil))) : .number(vm.number(at: -1)!)
                case LUA_TSTRING: value = .string(vm.string(at: -1)!)
                case LUA_TBOOLEAN: value = .bool(lua_toboolean(L, -1) != 0)
                default: value = nil
                }
                if let value { themeTokens.append(ThemeToken(name: name, value: value, location: keyLocation(name, from: keyLocation(active, from: at)))) }
            }
            srlua_pop(L, 1)
        }
        themeTokens.sort { $0.name < $1.name }
        // What the script gets is an empty table reading the copy: a token read is a value
        // that remembers its token (provenance), and an undefined one is an error.
        let tokenNames = all.sorted()
        let themeLine = keyLocation(active, from: at)
        var origins: [String: TokenOrigin] = [:]
        let copy = luaL_ref(L, srlua_registryindex())  // stack: theme
        srlua_newtable(L)  // stack: theme, proxy
        srlua_newtable(L)  // stack: theme, proxy, mt
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let L = self.vm.L
            let name = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            lua_rawgeti(L, srlua_registryindex(), lua_Integer(copy))  // stack: proxy, key, copy
            lua_pushvalue(L, 2)
            lua_rawget(L, -2)  // stack: proxy, key, copy, value
            guard srlua_isnil(L, -1) == 0 else {
                throw self.failure(.undefinedToken(name, tokens: tokenNames), pointingAt: [name])
            }
            if self.isPoison(at: -1) { return 1 }
            let origin = origins[name] ?? TokenOrigin(token: name, location: self.keyLocation(name, from: themeLine), theme: active)
            origins[name] = origin
            switch self.vm.type(at: -1) {
            case LUA_TUSERDATA:
                if let v = self.vm.object(at: -1, metatable: ValueObject.metatable, as: ValueObject.self), !v.isMutable {
                    self.pushTokenValue(v.value, origin)
                }
            case LUA_TNUMBER, LUA_TSTRING:
                let value: Value = self.vm.string(at: -1).map { .string($0) }
                    ?? (self.vm.isInteger(at: -1) ? .int(Int(srlua_tointeger(L, -1, nil))) : .number(self.vm.number(at: -1)!))
                srlua_pop(L, 1)
                self.tokensInUse = true
                self.pushTokenScalar(value, origin)
            default:
                break
            }
            return 1
        }
        lua_setfield(L, -2, "__index")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // pairs(theme): the copy's tokens, as before the proxy.
            let L = self.vm.L
            srlua_getglobals(L)
            lua_getfield(L, -1, "next")  // stack: proxy, G, next
            srlua_insert(L, -2)
            srlua_pop(L, 1)              // stack: proxy, next
            lua_rawgeti(L, srlua_registryindex(), lua_Integer(copy))
            lua_pushnil(L)
            return 3
        }
        lua_setfield(L, -2, "__pairs")
        lua_setmetatable(L, -2)  // stack: theme, proxy
        return 1
    }

    // MARK: kind("GradientView", View, { fromColor = "Color?" })

    private func declareKind() throws(ScriptError) -> Int32 {
        let L = vm.L
        guard let name = vm.string(at: 1) else { throw badArgument("kind", 1, expected: "a kind name", index: 1) }
        guard let superKind = vm.object(at: 2, metatable: KindObject.metatable, as: KindObject.self)?.kind else {
            throw badArgument("kind", 2, expected: "a super-kind (like View)", index: 2)
        }
        var declarations: [PropertyDeclaration] = []
        if vm.type(at: 3) == LUA_TTABLE {
            var entries: [(String, String)] = []
            lua_pushnil(L)
            while lua_next(L, 3) != 0 {
                guard let key = vm.string(at: -2), let typeText = vm.string(at: -1) else {
                    srlua_pop(L, 2)
                    throw failure(.badPropertyDeclaration, pointingAt: ["kind"])
                }
                entries.append((key, typeText))
                srlua_pop(L, 1)
            }
            for (key, typeText) in entries.sorted(by: { $0.0 < $1.0 }) {
                guard let type = ValueType(parsing: typeText) else {
                    throw failure(.notAType(typeText), pointingAt: ["\"\(typeText)\"", key])
                }
                declarations.append(.value(key, type))
            }
        } else if vm.type(at: 3) > LUA_TNIL {
            throw badArgument("kind", 3, expected: "a table of properties", index: 3)
        }
        // kind(name, super, properties, { control = true })
        var isControl = false
        if vm.type(at: 4) == LUA_TTABLE {
            lua_pushnil(L)  // stack: …, nil
            while lua_next(L, 4) != 0 {  // stack: …, key, value
                guard let key = vm.string(at: -2), vm.type(at: -2) == LUA_TSTRING, key == "control" else {
                    let key = vm.string(at: -2) ?? "?"
                    srlua_pop(L, 2)
                    throw failure(.unknownKindOption(key, suggestion: Suggestion.closest(to: key, among: ["control"])), pointingAt: [key, "kind"])
                }
                guard vm.type(at: -1) == LUA_TBOOLEAN else {
                    srlua_pop(L, 2)
                    throw badArgument("kind", 4, expected: "control = true or false", index: 4)
                }
                isControl = lua_toboolean(L, -1) != 0
                srlua_pop(L, 1)  // stack: …, key
            }
        } else if vm.type(at: 4) > LUA_TNIL {
            throw badArgument("kind", 4, expected: "a table of options ({ control = true })", index: 4)
        }
        var names = declarations.map(\.name)
        if isControl, !superKind.isControl {
            names += Kind.controlDeclarations.map(\.name).filter { !names.contains($0) }
        }
        if let existing = schema.kind(named: name) {
            // Re-declaring the same kind in the same shape (a module required twice) is harmless.
            if existing.superKind === superKind, existing.isControl == (isControl || superKind.isControl),
               existing.declarations.map(\.name) == names {
                vm.pushObject(KindObject(existing), metatable: KindObject.metatable)
                return 1
            }
        }
        let kind: Kind
        do throws(Schema.RegistrationError) {
            kind = try schema.register(name, superKind: superKind, isControl: isControl, properties: declarations)
        } catch {
            throw failure(.kindRegistration(error), pointingAt: ["\"\(name)\"", "kind"])
        }
        defineKindGlobal(kind)
        vm.pushObject(KindObject(kind), metatable: KindObject.metatable)
        return 1
    }
}
