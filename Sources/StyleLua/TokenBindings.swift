import CLua
import CLuaShim
import DesignTokens
import Foundation
import StyleCore

// tokens "brand.tokens.json": W3C design-token files as nested read-only tables (REFERENCE
// "Design tokens"). The files are found as `require` finds modules; what each token is and
// where it came from is DesignTokens' business, what it is in Lua is this file's.
extension Evaluation {
    func installTokenBindings() {
        setGlobalFunction("tokens") { e throws(ScriptError) in try e.loadTokens() }
    }

    private func loadTokens() throws(ScriptError) -> Int32 {
        let L = vm.L
        var names: [String] = []
        if let name = vm.string(at: 1) {
            names = [name]
        } else if vm.type(at: 1) == LUA_TTABLE {
            let count = lua_rawlen(L, 1)
            for i in 0..<count {
                lua_rawgeti(L, 1, lua_Integer(i + 1))  // stack: list, name
                guard let n = vm.string(at: -1) else {
                    srlua_pop(L, 1)
                    throw badArgument("tokens", 1, expected: "a token file name or a list of them", index: 1)
                }
                names.append(n)
                srlua_pop(L, 1)
            }
        }
        guard !names.isEmpty else { throw badArgument("tokens", 1, expected: "a token file name like \"brand.tokens.json\"", index: 1) }
        if names.count == 1, names[0].hasSuffix(".resolver.json") { return try loadResolver(names[0]) }
        var files: [(display: String, resolved: String)] = []
        for name in names { files.append(try findTokenFile(name)) }
        let key = files.map(\.resolved).joined(separator: "\n")
        if let tree = tokenTrees[key] {
            pushTokenGroup(tree, "")
            return 1
        }
        var texts: [(name: String, text: String)] = []
        for (name, file) in zip(names, files) {
            do {
                texts.append((file.display, try SourceFile.read(file.display)))
            } catch {
                throw failure(.unreadableModule(error), pointingAt: ["\"\(name)\""])
            }
            if !self.files.contains(file.display) { self.files.append(file.display) }
        }
        let set = TokenSet(files: texts)
        try report(set.errors.map(\.diagnostic))
        for w in set.warnings { warn(w.diagnostic) }
        let tree = TokenTree(set)
        tokenTrees[key] = tree
        designTokens.append(set)
        pushTokenGroup(tree, "")
        return 1
    }

    /// `tokens "app.resolver.json"`: the resolver's theme modifier declares the themes (as
    /// `themes {}` does), and the chosen context's sources, after the sets, are the tokens.
    private func loadResolver(_ name: String) throws(ScriptError) -> Int32 {
        let found = try findTokenFile(name)
        let text: String
        do {
            text = try SourceFile.read(found.display)
        } catch {
            throw failure(.unreadableModule(error), pointingAt: ["\"\(name)\""])
        }
        if !files.contains(found.display) { files.append(found.display) }
        let resolver = ResolverDocument(file: found.display, text: text)
        try report(resolver.errors.map(\.diagnostic))
        for w in resolver.warnings { warn(w.diagnostic) }
        var context: String?
        // A `colorScheme` modifier is the trait, not a theme: its colour tokens become dynamic
        // colours of their light and dark values (`color.dynamic`), its others take light's.
        var darkSet: TokenSet?
        if let modifier = resolver.themeModifier, modifier.name == "colorScheme",
           Set(modifier.contexts.map(\.name)).isSuperset(of: ["light", "dark"]) {
            context = "light"
            darkSet = try resolverSet(resolver, context: "dark", folder: (name as NSString).deletingLastPathComponent, resolverFile: found.display)
        } else if let modifier = resolver.themeModifier {
            guard !themesDeclared else { throw failure(.themesDeclaredTwice, pointingAt: ["tokens"]) }
            let contexts = modifier.contexts.map(\.name)
            let active = options.theme ?? modifier.defaultContext ?? contexts[0]
            guard contexts.contains(active) else { throw failure(.unknownTheme(active, declared: contexts.sorted()), pointingAt: ["tokens"]) }
            themesDeclared = true
            themeNames = contexts.sorted()
            activeTheme = active
            context = active
        }
        let key = found.resolved + "\n@" + (context ?? "")
        if let tree = tokenTrees[key] {
            pushTokenGroup(tree, "")
            return 1
        }
        let set = try resolverSet(resolver, context: context, folder: (name as NSString).deletingLastPathComponent, resolverFile: found.display)
        let tree = TokenTree(set, dark: darkSet)
        tokenTrees[key] = tree
        designTokens.append(set)
        pushTokenGroup(tree, "")
        return 1
    }

    /// The tokens of a resolver's sets and `context`'s sources, each file found as `tokens` finds them.
    private func resolverSet(_ resolver: ResolverDocument, context: String?, folder: String, resolverFile: String) throws(ScriptError) -> TokenSet {
        var documents: [(file: String, document: PositionedJSON)] = []
        var problems: [Diagnostic] = []
        for source in resolver.sources(theme: context) {
            switch source {
            case .inline(let json):
                documents.append((resolverFile, json))
            case .file(let ref, let at):
                let relative = folder.isEmpty ? ref : folder + "/" + ref
                let file: (display: String, resolved: String)
                let sourceText: String
                do {
                    file = try findTokenFile(relative)
                    sourceText = try SourceFile.read(file.display)
                } catch let e as ScriptError {
                    problems.append(Diagnostic(e.diagnostic.code, e.diagnostic.message, at: at, suggestions: e.diagnostic.suggestions))
                    continue
                } catch let d as Diagnostic {
                    problems.append(Diagnostic(d.code, d.message, at: at))
                    continue
                } catch {
                    preconditionFailure("findTokenFile and SourceFile.read throw only their errors: \(error)")
                }
                if !files.contains(file.display) { files.append(file.display) }
                do throws(PositionedJSONError) {
                    documents.append((file.display, try PositionedJSON(parsing: sourceText)))
                } catch {
                    problems.append(LocatedTokenError(.invalidJSON(error.message), at: SourceLocation(file: file.display, line: error.position.line, column: error.position.column)).diagnostic)
                }
            }
        }
        try report(problems)
        let set = TokenSet(documents: documents)
        try report(set.errors.map(\.diagnostic))
        for w in set.warnings { warn(w.diagnostic) }
        return set
    }

    /// `name` in the script's folder, then the stdlib's; inside those roots; JSON only.
    private func findTokenFile(_ name: String) throws(ScriptError) -> (display: String, resolved: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard name.hasSuffix(".json"), !name.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
            throw failure(.badTokenFileName(name), pointingAt: ["\"\(name)\"", "tokens"])
        }
        var roots = [scriptFolder]
        roots += options.stdlibPaths
        for root in roots {
            let candidate = root == "." ? name : (root as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            let rootResolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(rootResolved.hasSuffix("/") ? rootResolved : rootResolved + "/") else {
                throw failure(.tokenFileOutsideFolder(name), pointingAt: ["\"\(name)\""])
            }
            return (Self.displayPath(candidate), resolved)
        }
        let paths = roots.map { $0 == "." ? name : ($0 as NSString).appendingPathComponent(name) }
        let folder = (name as NSString).deletingLastPathComponent
        var nearby: [String] = []
        for root in roots {
            let dir = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []  // a missing folder has no names to suggest
            nearby += entries.filter { $0.hasSuffix(".json") }.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        throw failure(.tokenFileNotFound(name, lookedFor: paths, suggestion: Suggestion.closest(to: name, among: nearby)), pointingAt: ["\"\(name)\"", "tokens"])
    }

    // MARK: Swift → Lua (push)

    /// Pushes the read-only table of a group: reading a token gives its value, a group its
    /// table, anything else an error with did-you-mean; writing is an error.
    func pushTokenGroup(_ tree: TokenTree, _ group: String) {
        let L = vm.L
        if let ref = tree.groupRefs[group] {
            lua_rawgeti(L, srlua_registryindex(), lua_Integer(ref))  // stack: proxy
            return
        }
        srlua_newtable(L)  // stack: proxy
        srlua_newtable(L)  // stack: proxy, mt
        vm.pushFunction { [unowned self, unowned tree] _ throws(ScriptError) in
            // stack: proxy, key
            guard let key = self.vm.string(at: 2) ?? self.vm.number(at: 2).map(formatNumber) else {
                throw self.failure(.unknownTokenMember(self.vm.typeName(at: 2), group: group, suggestion: nil))
            }
            let name = group.isEmpty ? key : group + "." + key
            if tree.set.groups.contains(name) {
                self.pushTokenGroup(tree, name)
                return 1
            }
            guard let token = tree.set.tokens[name] else {
                let near = Suggestion.closest(to: key, among: tree.children[group] ?? [])
                throw self.failure(.unknownTokenMember(name, group: group, suggestion: near.map { group.isEmpty ? $0 : group + "." + $0 }), pointingAt: [key])
            }
            if let note = token.definition.deprecated {
                let error = BindingError.deprecatedToken(name, note: note.isEmpty ? nil : note)
                self.warn(Diagnostic(error.code, error.message, at: self.vm.location(level: 1, pointingAt: [key]), length: key.count, severity: .warning))
            }
            if case .color(let light, _) = token.value, case .color(let dark, _)? = tree.dark?.tokens[name]?.value, dark != light {
                self.pushTokenValue(.dynamicColor(DynamicColor(light: light, dark: dark)), tree.origin(of: token))
                return 1
            }
            self.pushToken(token, origin: tree.origin(of: token))
            return 1
        }
        lua_setfield(L, -2, "__index")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let key = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            throw self.failure(.tokensAreReadOnly(group.isEmpty ? key : group + "." + key), pointingAt: [key])
        }
        lua_setfield(L, -2, "__newindex")
        vm.pushFunction { [unowned self, unowned tree] _ throws(ScriptError) in
            // pairs(t.color): its tokens' values and its groups' tables, in the file's order.
            let L = self.vm.L
            srlua_getglobals(L)
            lua_getfield(L, -1, "next")  // stack: proxy, G, next
            srlua_insert(L, -2)
            srlua_pop(L, 1)              // stack: proxy, next
            srlua_newtable(L)            // stack: proxy, next, content
            for child in tree.children[group] ?? [] {
                let name = group.isEmpty ? child : group + "." + child
                if tree.set.groups.contains(name) { self.pushTokenGroup(tree, name) }
                else if let t = tree.set.tokens[name] { self.pushToken(t, origin: tree.origin(of: t)) }
                else { continue }
                lua_setfield(L, -2, child)
            }
            lua_pushnil(L)
            return 3
        }
        lua_setfield(L, -2, "__pairs")
        lua_pushstring(L, "tokens")
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: proxy
        lua_pushvalue(L, -1)
        tree.groupRefs[group] = luaL_ref(L, srlua_registryindex())
    }

    /// A token's value as Lua sees it: colours and fonts as values carrying the token, lengths
    /// in points, composites as read-only tables.
    func pushToken(_ token: ResolvedToken, origin: TokenOrigin) {
        let L = vm.L
        tokensInUse = true
        switch token.value {
        case .color(let c, _): pushTokenValue(.color(c), origin)
        case .typography(let t): pushTokenValue(.font(t.font), origin)
        case .dimension(let d): pushTokenScalar(.number(d.points), origin)
        case .number(let x): pushTokenScalar(.number(x), origin)
        case .fontFamily(let f): pushTokenScalar(.string(FontFamilies.fontName(f)), origin)
        case .fontWeight(let w): pushTokenScalar(.string(FontWeights.weight(w).rawValue), origin)
        case .duration(let d): pushTokenScalar(.number(d.seconds), origin)
        case .cubicBezier(let xs): pushFrozenList(xs.map { .number($0) }, origin)
        case .strokeStyle(let s): pushStroke(s, origin)
        case .border(let b):
            pushFrozen(origin) {
                self.pushTokenValue(.color(b.color), origin); lua_setfield(L, -2, "color")
                lua_pushnumber(L, b.width.points); lua_setfield(L, -2, "width")
                self.pushStroke(b.style, origin); lua_setfield(L, -2, "style")
            }
        case .transition(let t):
            pushFrozen(origin) {
                lua_pushnumber(L, t.duration.seconds); lua_setfield(L, -2, "duration")
                lua_pushnumber(L, t.delay.seconds); lua_setfield(L, -2, "delay")
                self.pushFrozenList(t.timingFunction.map { .number($0) }, origin); lua_setfield(L, -2, "timingFunction")
            }
        case .shadow(let layers, let isList):
            if isList {
                pushFrozen(origin) {
                    for (i, s) in layers.enumerated() { self.pushShadow(s, origin); lua_rawseti(L, -2, lua_Integer(i + 1)) }
                }
            } else {
                pushShadow(layers[0], origin)
            }
        case .gradient(let stops):
            pushFrozen(origin) {
                for (i, stop) in stops.enumerated() {
                    self.pushFrozen(origin) {
                        self.pushTokenValue(.color(stop.color), origin); lua_setfield(L, -2, "color")
                        lua_pushnumber(L, stop.position); lua_setfield(L, -2, "position")
                    }
                    lua_rawseti(L, -2, lua_Integer(i + 1))
                }
            }
        }
    }

    /// A shadow as the layer's properties want it: `color` opaque and its alpha as `opacity`,
    /// `radius` half the blur (UIKit's shadowRadius), `offset` a Size.
    private func pushShadow(_ s: ShadowValue, _ origin: TokenOrigin) {
        let L = vm.L
        pushFrozen(origin) {
            self.pushTokenValue(.color(s.color.withAlpha(1)), origin); lua_setfield(L, -2, "color")
            lua_pushnumber(L, s.color.alpha); lua_setfield(L, -2, "opacity")
            lua_pushnumber(L, s.blur.points / 2); lua_setfield(L, -2, "radius")
            self.pushTokenValue(.size(Size(width: s.offsetX.points, height: s.offsetY.points)), origin); lua_setfield(L, -2, "offset")
            lua_pushnumber(L, s.blur.points); lua_setfield(L, -2, "blur")
            lua_pushnumber(L, s.spread.points); lua_setfield(L, -2, "spread")
            lua_pushboolean(L, s.inset ? 1 : 0); lua_setfield(L, -2, "inset")
        }
    }

    private func pushStroke(_ s: StrokeStyleValue, _ origin: TokenOrigin) {
        let L = vm.L
        switch s {
        case .keyword(let k): lua_pushstring(L, k)
        case .dashes(let dashes, let cap):
            pushFrozen(origin) {
                self.pushFrozenList(dashes.map { .number($0.points) }, origin); lua_setfield(L, -2, "dashArray")
                lua_pushstring(L, cap); lua_setfield(L, -2, "lineCap")
            }
        }
    }

    private func pushFrozenList(_ values: [Value], _ origin: TokenOrigin) {
        pushFrozen(origin) {
            for (i, v) in values.enumerated() {
                self.push(v)
                lua_rawseti(self.vm.L, -2, lua_Integer(i + 1))
            }
        }
    }

    /// A read-only table: `fill` sets fields of the table on top; the table pushed is an empty
    /// proxy reading them, so that no assignment can change a token.
    private func pushFrozen(_ origin: TokenOrigin, _ fill: () -> Void) {
        let L = vm.L
        srlua_newtable(L)  // stack: proxy
        srlua_newtable(L)  // stack: proxy, mt
        srlua_newtable(L)  // stack: proxy, mt, content
        fill()
        lua_pushvalue(L, -1)
        lua_setfield(L, -3, "__index")  // stack: proxy, mt, content
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let L = self.vm.L
            lua_getmetatable(L, 1)
            lua_getfield(L, -1, "__content")  // stack: proxy, mt, content
            lua_pushinteger(L, lua_Integer(lua_rawlen(L, -1)))
            return 1
        }
        lua_setfield(L, -3, "__len")
        lua_setfield(L, -2, "__content")  // stack: proxy, mt
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let key = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            throw self.failure(.tokensAreReadOnly("\(origin.token).\(key)"), pointingAt: [key])
        }
        lua_setfield(L, -2, "__newindex")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let L = self.vm.L
            srlua_getglobals(L)
            lua_getfield(L, -1, "next")  // stack: proxy, G, next
            srlua_insert(L, -2)
            srlua_pop(L, 1)              // stack: proxy, next
            lua_getmetatable(L, 1)
            lua_getfield(L, -1, "__content")
            srlua_insert(L, -2)
            srlua_pop(L, 1)              // stack: proxy, next, content
            lua_pushnil(L)
            return 3
        }
        lua_setfield(L, -2, "__pairs")
        lua_pushstring(L, "tokens")
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: proxy
    }

    /// A colour, font or size that remembers its token.
    func pushTokenValue(_ value: Value, _ origin: TokenOrigin) {
        tokensInUse = true
        let object = ValueObject(value)
        object.token = origin
        vm.pushObject(object, metatable: ValueObject.metatable)
    }

    /// A number or string: Lua keeps no identity for it, so the read is remembered with its
    /// line, and a value equal to it written on that line (`mut(View.alpha, t.opacity.half)`)
    /// is taken to be it.
    func pushTokenScalar(_ value: Value, _ origin: TokenOrigin) {
        push(value)
        let at = vm.location(level: 1)
        if tokenReads.count == Self.rememberedTokenReads { tokenReads.removeFirst() }
        tokenReads.append(TokenRead(file: at.file, line: at.line, value: value, origin: origin))
    }

    static let rememberedTokenReads = 64

    /// Lint's `color-literal`: a colour written out that a loaded token file has as a token.
    private func suggestToken(for c: Color, at location: SourceLocation) {
        guard isCollecting else { return }
        for tree in tokenTrees.values.sorted(by: { $0.set.files.joined() < $1.set.files.joined() }) {
            guard let name = tree.colorTokens[c.hex], let token = tree.set.tokens[name] else { continue }
            let message = "The colour \(c.displayHex) is the token '\(name)' (\(token.definition.location)); read it from the tokens instead of writing it out."
            warn(Diagnostic(.colorLiteral, message, at: location, severity: .warning, suggestions: [name]))
            return
        }
    }

    // MARK: Lua → Swift (read)

    /// The token the value at `index` was read from, if it was: a value carrying it, or a
    /// number or string read from a token on the line `location` names.
    func tokenOrigin(at index: Int32, _ value: Value, line location: SourceLocation) -> TokenOrigin? {
        guard tokensInUse || !tokenTrees.isEmpty else { return nil }
        let type = vm.type(at: index)
        if type == LUA_TUSERDATA || (type == LUA_TSTRING && value.typeName == "Color") {
            let token = vm.object(at: index, metatable: ValueObject.metatable, as: ValueObject.self)?.token
            if token == nil, case .color(let c) = value { suggestToken(for: c, at: location) }
            return token
        }
        // Most values written equal no token read lately: those cost one pass over the reads.
        guard tokenReads.contains(where: { $0.value.sameScalar(as: value) }) else { return nil }
        // The line that writes it, or a line that called it there (`gap(t.space.md)` calling a
        // helper whose `mut` writes the number).
        var lines = [location]
        var source: UnsafePointer<CChar>?
        for level in Int32(1)...8 {
            let line = srlua_currentline(vm.L, level, &source)
            if line == 0 && source == nil { break }
            if line > 0, let source { lines.append(SourceLocation(file: vm.chunkName(source), line: Int(line))) }
        }
        for at in lines {
            if let k = tokenReads.lastIndex(where: { $0.line == at.line && $0.file == at.file && $0.value.sameScalar(as: value) }) {
                return tokenReads.remove(at: k).origin
            }
        }
        return nil
    }
}

/// A number or string read from a token, and the line that read it.
struct TokenRead {
    let file: String
    let line: Int
    let value: Value
    let origin: TokenOrigin
}

extension Value {
    /// Equal as Lua would see them: `16` and `16.0` are the same number.
    func sameScalar(as other: Value) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): a == b
        case (.number(let a), .int(let b)), (.int(let b), .number(let a)): a == Double(b)
        case (.int(let a), .int(let b)): a == b
        case (.string(let a), .string(let b)), (.string(let a), .enumCase(let b)), (.enumCase(let a), .string(let b)): a == b
        default: false
        }
    }
}
