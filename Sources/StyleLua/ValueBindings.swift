import CLua
import CLuaShim
import StyleCore

// color, rgb, white, font, insets, size, image (REFERENCE §1.2), and the methods of value userdata.
extension Evaluation {
    func installValueBindings() {
        let L = vm.L
        installValueMetatable()  // before any value is pushed

        // color "#6E40C9", and UIKit's named colours: color.clear, color.darkGray, …
        srlua_newtable(L)  // stack: color
        for (name, c) in Color.namedColors {
            push(.color(c))
            lua_setfield(L, -2, name)
        }
        // UIKit's semantic colours, dynamic: color.label, color.systemBlue, …
        for c in DynamicColor.semanticColors {
            push(.dynamicColor(c))
            lua_setfield(L, -2, c.name!)
        }
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity("color.dynamic")
            self.push(.dynamicColor(try self.dynamicColor(at: 1)))
            return 1
        }
        lua_setfield(L, -2, "dynamic")
        pushNamespaceMetatable("color", call: { e throws(ScriptError) in
            // stack: color-table, arg…
            try e.checkArity("color", first: 2)
            guard let text = e.vm.string(at: 2) else { throw e.badArgument("color", 1, expected: "a hex string like \"#6E40C9\"", index: 2) }
            guard let c = Color(hex: text) else {
                throw e.failure(.notAColor(text), pointingAt: ["\"\(text)\"", "'\(text)'", "color"])
            }
            e.push(.color(c))
            return 1
        })
        setGlobal("color")

        setGlobalFunction("rgb") { e throws(ScriptError) in
            let r = try e.number(1, of: "rgb", in: 0...255), g = try e.number(2, of: "rgb", in: 0...255)
            let b = try e.number(3, of: "rgb", in: 0...255)
            let a = e.vm.type(at: 4) <= LUA_TNIL ? 1 : try e.number(4, of: "rgb", in: 0...1)
            if APIMisuse.looksLikeUnitScale([r, g, b]) {
                let misuse = APIMisuse.rgbScale(channels: [r, g, b], alpha: e.vm.type(at: 4) <= LUA_TNIL ? nil : a)
                let at = e.vm.location(pointingAt: ["rgb"])
                e.warn(Diagnostic(misuse.code, misuse.message, at: at, severity: .warning, suggestions: misuse.suggestion.map { [$0] } ?? []))
            }
            e.push(.color(Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)))
            return 1
        }
        setGlobalFunction("white") { e throws(ScriptError) in
            let w = try e.number(1, of: "white", in: 0...1)
            let a = e.vm.type(at: 2) <= LUA_TNIL ? 1 : try e.number(2, of: "white", in: 0...1)
            e.push(.color(Color(red: w, green: w, blue: w, alpha: a)))
            return 1
        }

        // font.system(size [, weight]), font.preferred(style), font.named(name, size)
        srlua_newtable(L)  // stack: font
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity("font.system")
            let size = try self.number(1, of: "font.system", in: 0...10_000)
            let weight = try self.weight(at: 2, of: "font.system") ?? .regular
            self.push(.font(.system(size, weight)))
            return 1
        }
        lua_setfield(L, -2, "system")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity("font.preferred")
            guard let name = self.vm.string(at: 1) else {
                throw self.badArgument("font.preferred", 1, expected: "a text style name", index: 1)
            }
            self.push(.font(.preferred(try self.textStyle(name))))
            return 1
        }
        lua_setfield(L, -2, "preferred")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity("font.named")
            guard let name = self.vm.string(at: 1), !name.isEmpty else {
                throw self.badArgument("font.named", 1, expected: "a PostScript font name", index: 1)
            }
            let size = try self.number(2, of: "font.named", in: 0...10_000)
            self.push(.font(Font(name: name, size: size)))
            return 1
        }
        lua_setfield(L, -2, "named")
        pushNamespaceMetatable("font")
        setGlobal("font")

        setGlobalFunction("insets") { e throws(ScriptError) in
            let n = e.vm.top
            let v = try (1...max(n, 1)).map { i throws(ScriptError) in try e.number(Int32(i), of: "insets", in: -1e9...1e9) }
            switch n {
            case 1: e.push(.insets(Insets(all: v[0])))
            case 2: e.push(.insets(Insets(vertical: v[0], horizontal: v[1])))
            case 4: e.push(.insets(Insets(top: v[0], left: v[1], bottom: v[2], right: v[3])))
            default:
                throw e.failure(.insetsArity(Int(n)), pointingAt: ["insets"])
            }
            return 1
        }
        setGlobalFunction("size") { e throws(ScriptError) in
            let w = try e.number(1, of: "size", in: -1e9...1e9), h = try e.number(2, of: "size", in: -1e9...1e9)
            e.push(.size(Size(width: w, height: h)))
            return 1
        }

        // image "logo", image.fromColor(c)
        srlua_newtable(L)  // stack: image
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity("image.fromColor")
            let c = try self.color(at: 1, of: "image.fromColor")
            self.push(.image(.color(c)))
            return 1
        }
        lua_setfield(L, -2, "fromColor")
        pushNamespaceMetatable("image", call: { e throws(ScriptError) in
            try e.checkArity("image", first: 2)
            guard let name = e.vm.string(at: 2), !name.isEmpty else { throw e.badArgument("image", 1, expected: "an image name", index: 2) }
            e.push(.image(.named(name)))
            return 1
        })
        setGlobal("image")
    }

    /// Sets a metatable on the namespace table on top: callable (when `call` is given), closed
    /// to new fields, and strict: reading a member it does not have is an error naming the
    /// closest (`color.redd`: did you mean 'red'?), where Lua would give nil.
    private func pushNamespaceMetatable(_ name: String, call: ((Evaluation) throws(ScriptError) -> Int32)? = nil) {
        let L = vm.L
        srlua_newtable(L)  // stack: ns, mt
        if let call {
            vm.pushFunction { [unowned self] _ throws(ScriptError) in try call(self) }
            lua_setfield(L, -2, "__call")
        }
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // stack: ns, key
            let key = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            throw self.failure(.misuse(.unknownMember(owner: name, name: key, members: self.keys(ofTableAt: 1))), pointingAt: [key])
        }
        lua_setfield(L, -2, "__index")
        lua_pushcclosure(L, srlua_readonly_newindex, 0)
        lua_setfield(L, -2, "__newindex")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: ns
    }

    /// The string keys of the table at `index`, read raw.
    func keys(ofTableAt index: Int32) -> [String] {
        let L = vm.L
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {  // stack: …, key, value
            if lua_type(L, -2) == LUA_TSTRING, let k = vm.string(at: -2) { keys.append(k) }
            srlua_pop(L, 1)
        }
        return keys
    }

    // MARK: Arguments

    func number(_ index: Int32, of function: String, in range: ClosedRange<Double>) throws(ScriptError) -> Double {
        guard let x = vm.number(at: index) else { throw badArgument(function, Int(index), expected: "a number", index: index) }
        guard x.isFinite, range.contains(x) else {
            throw failure(.argumentOutOfRange(function: function, position: index, x, range), pointingAt: [formatNumber(x), function])
        }
        return x
    }

    func color(at index: Int32, of function: String) throws(ScriptError) -> Color {
        if let v = vm.object(at: index, metatable: ValueObject.metatable, as: ValueObject.self) {
            if case .color(let c) = v.value { return c }
            if case .dynamicColor(let d) = v.value {
                throw failure(.fixedColorExpected(function: function, got: d.name.map { "'color.\($0)'" } ?? "of color.dynamic"), pointingAt: [function])
            }
        }
        if let s = vm.string(at: index) {
            guard let c = Color(hex: s) else {
                throw failure(.notAColor(s), pointingAt: ["\"\(s)\"", function])
            }
            return c
        }
        throw badArgument(function, Int(index), expected: "a Color", index: index)
    }

    /// `color.dynamic { light = c1, dark = c2 [, highContrastLight = c3, highContrastDark = c4] }`:
    /// the table at `index`, each variant a colour of one value (or a hex string).
    func dynamicColor(at index: Int32) throws(ScriptError) -> DynamicColor {
        let L = vm.L
        guard vm.type(at: index) == LUA_TTABLE else {
            throw badArgument("color.dynamic", Int(index), expected: "a table { light = …, dark = … }", index: index)
        }
        let table = lua_absindex(L, index)
        var given: [DynamicColor.Variant: Color] = [:]
        lua_pushnil(L)                                   // stack: …, nil
        while lua_next(L, table) != 0 {                  // stack: …, key, value
            guard lua_type(L, -2) == LUA_TSTRING, let key = vm.string(at: -2) else {
                let got = vm.typeName(at: -2)
                srlua_pop(L, 2)
                throw failure(.dynamicColor(.unknownVariant(got, suggestion: nil)), pointingAt: ["color.dynamic"])
            }
            let variant: DynamicColor.Variant
            switch DynamicColor.Variant.parse(key) {
            case .success(let v): variant = v
            case .failure(let e): srlua_pop(L, 2); throw failure(.dynamicColor(e), pointingAt: [key, "color.dynamic"])
            }
            do {
                given[variant] = try color(at: -1, of: "color.dynamic")
            } catch {
                srlua_pop(L, 2)
                throw error
            }
            srlua_pop(L, 1)                              // stack: …, key
        }
        guard let light = given[.light] else { throw failure(.dynamicColor(.missingVariant(.light)), pointingAt: ["color.dynamic"]) }
        guard let dark = given[.dark] else { throw failure(.dynamicColor(.missingVariant(.dark)), pointingAt: ["color.dynamic"]) }
        return DynamicColor(light: light, dark: dark, highContrastLight: given[.highContrastLight], highContrastDark: given[.highContrastDark])
    }

    /// A text style by name (`"body"`), or an error naming the closest one.
    func textStyle(_ name: String) throws(ScriptError) -> Font.TextStyle {
        guard let style = Font.TextStyle(rawValue: name) else {
            throw invalidCase(name, cases: Font.TextStyle.allCases.map(\.rawValue), what: "text style")
        }
        return style
    }

    func weight(at index: Int32, of function: String) throws(ScriptError) -> Font.Weight? {
        if vm.type(at: index) <= LUA_TNIL { return nil }
        guard let name = vm.string(at: index) else { throw badArgument(function, Int(index), expected: "a weight name", index: index) }
        guard let w = Font.Weight(rawValue: name) else {
            throw invalidCase(name, cases: Font.Weight.allCases.map(\.rawValue), what: "font weight")
        }
        return w
    }

    func invalidCase(_ name: String, cases: [String], what: String) -> ScriptError {
        failure(.invalidName(name, what: what, cases: cases), pointingAt: ["\"\(name)\"", "'\(name)'"])
    }

    // MARK: Value userdata: fields and methods

    private func installValueMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in try self.valueIndex() }
        let newindex = vm.register { [unowned self] _ throws(ScriptError) in try self.valueNewIndex() }
        let tostring = registerToString(ValueObject.self, metatable: ValueObject.metatable) { ValueText.lua($0.value) }
        let eq = registerEquality(ValueObject.self, metatable: ValueObject.metatable) { $0.value == $1.value }
        installMetatable(ValueObject.metatable, index: index, newindex: newindex, tostring: tostring, eq: eq)
    }

    /// stack: value, key
    private func valueIndex() throws(ScriptError) -> Int32 {
        let L = vm.L
        let box = vm.object(at: 1, metatable: ValueObject.metatable, as: ValueObject.self)!
        guard let key = vm.string(at: 2) else { lua_pushnil(L); return 1 }
        // Only what the API table lists: a member the switch below answers and the table lacks
        // does not exist for scripts, lint or the definitions.
        let type = box.value.typeName
        if ["Color", "Font", "Insets", "Size", "Image"].contains(type), !APITable.memberNames(of: type).contains(key) {
            throw noField(key, on: type, candidates: APITable.memberNames(of: type))
        }
        switch box.value {
        case .color(let c):
            switch key {
            case "red": lua_pushnumber(L, c.red * 255)
            case "green": lua_pushnumber(L, c.green * 255)
            case "blue": lua_pushnumber(L, c.blue * 255)
            case "alpha": lua_pushnumber(L, c.alpha)
            case "hex": lua_pushstring(L, c.hex)
            case "light", "dark", "highContrastLight", "highContrastDark": push(.color(c))
            case "isDynamic": lua_pushboolean(L, 0)
            case "name": lua_pushnil(L)
            case "withAlpha":
                pushMethod { e throws(ScriptError) in
                    try e.checkArity("withAlpha", first: 2)
                    let a = try e.number(2, of: "withAlpha", in: 0...1)
                    e.push(.color(c.withAlpha(a)))
                    return 1
                }
            default: throw noField(key, on: "Color", candidates: APITable.memberNames(of: "Color"))
            }
        case .dynamicColor(let c):
            if let variant = DynamicColor.Variant(rawValue: key) {
                push(.color(c[variant]))
                return 1
            }
            switch key {
            case "isDynamic": lua_pushboolean(L, 1)
            case "name": if let name = c.name { lua_pushstring(L, name) } else { lua_pushnil(L) }
            case "withAlpha":
                pushMethod { e throws(ScriptError) in
                    try e.checkArity("withAlpha", first: 2)
                    let a = try e.number(2, of: "withAlpha", in: 0...1)
                    e.push(.dynamicColor(c.map { $0.withAlpha(a) }))
                    return 1
                }
            default: throw failure(.dynamicComponent(key), pointingAt: [key])
            }
        case .font(let f):
            switch key {
            case "name": lua_pushstring(L, f.name)
            case "size": lua_pushnumber(L, f.size)
            case "weight": lua_pushstring(L, f.weight.rawValue)
            case "isItalic": lua_pushboolean(L, f.italic ? 1 : 0)
            case "isSmallCaps": lua_pushboolean(L, f.smallCaps ? 1 : 0)
            case "textStyle": if let style = f.textStyle { lua_pushstring(L, style.rawValue) } else { lua_pushnil(L) }
            case "scaled":
                pushMethod { e throws(ScriptError) in
                    try e.checkArity("scaled", first: 2)
                    guard let name = e.vm.string(at: 2) else { throw e.badArgument("scaled", 1, expected: "a text style name", index: 2) }
                    e.push(.font(f.scaled(try e.textStyle(name))))
                    return 1
                }
            // `italic` and `smallCaps` are methods (`f:italic()`); read the traits as isItalic, isSmallCaps.
            case "italic": pushMethod { e throws(ScriptError) in try e.checkArity("italic", first: 2); e.push(.font(f.italicized)); return 1 }
            case "smallCaps": pushMethod { e throws(ScriptError) in try e.checkArity("smallCaps", first: 2); e.push(.font(f.smallCapitalized)); return 1 }
            case "bolded": pushMethod { e throws(ScriptError) in try e.checkArity("bolded", first: 2); e.push(.font(f.bolded)); return 1 }
            case "withSize":
                pushMethod { e throws(ScriptError) in
                    try e.checkArity("withSize", first: 2)
                    e.push(.font(f.withSize(try e.number(2, of: "withSize", in: 0...10_000))))
                    return 1
                }
            case "withWeight":
                pushMethod { e throws(ScriptError) in
                    try e.checkArity("withWeight", first: 2)
                    guard let w = try e.weight(at: 2, of: "withWeight") else { throw e.badArgument("withWeight", 1, expected: "a weight name", index: 2) }
                    e.push(.font(f.withWeight(w)))
                    return 1
                }
            default:
                throw noField(key, on: "Font", candidates: APITable.memberNames(of: "Font"))
            }
        case .insets(let i):
            guard let x = i[key] else { throw noField(key, on: "Insets", candidates: Insets.fieldNames) }
            lua_pushnumber(L, x)
        case .size(let s):
            guard let x = s[key] else { throw noField(key, on: "Size", candidates: Size.fieldNames) }
            lua_pushnumber(L, x)
        case .image(let img):
            switch (key, img) {
            case ("name", .named(let n)): lua_pushstring(L, n)
            case ("color", .color(let c)): push(.color(c))
            case ("name", _), ("color", _): lua_pushnil(L)
            default: throw noField(key, on: "Image", candidates: APITable.memberNames(of: "Image"))
            }
        default:
            lua_pushnil(L)
        }
        return 1
    }

    /// stack: value, key, new
    private func valueNewIndex() throws(ScriptError) -> Int32 {
        let box = vm.object(at: 1, metatable: ValueObject.metatable, as: ValueObject.self)!
        let key = vm.string(at: 2) ?? vm.typeName(at: 2)
        guard box.isMutable else {
            throw failure(.immutableValue(box.value.typeName), pointingAt: [key])
        }
        let fields: [String]
        switch box.value {
        case .insets: fields = Insets.fieldNames
        case .size: fields = Size.fieldNames
        default: throw failure(.valueWithoutFields(box.value.typeName), pointingAt: [key])
        }
        guard fields.contains(key) else { throw noField(key, on: box.value.typeName, candidates: fields) }
        guard let x = vm.number(at: 3), x.isFinite else {
            throw failure(.fieldNotANumber(key, of: box.value.typeName, got: vm.typeName(at: 3)), pointingAt: [key])
        }
        switch box.value {
        case .insets(var i): i[key] = x; box.value = .insets(i)
        case .size(var s): s[key] = x; box.value = .size(s)
        default: break
        }
        if let binding = box.binding {
            guard binding.proxy.alive else { throw staleProxy() }
            do {
                try binding.application.set(binding.keyPath, box.value, at: vm.location(level: 1, pointingAt: [key]))
            } catch {
                throw ScriptError(diagnostic: error)
            }
        }
        return 0
    }

    private func pushMethod(_ body: @escaping (Evaluation) throws(ScriptError) -> Int32) {
        vm.pushFunction { [unowned self] _ throws(ScriptError) in try body(self) }
    }

    func noField(_ key: String, on type: String, candidates: [String]) -> ScriptError {
        failure(.unknownField(key, of: type, suggestion: Suggestion.closest(to: key, among: candidates)), pointingAt: [key])
    }
}

/// Values as `tostring` shows them in scripts.
enum ValueText {
    static func lua(_ value: Value) -> String {
        switch value {
        case .color(let c): return "color \"\(c.hex)\""
        case .dynamicColor(let c):
            if let name = c.name, DynamicColor.semantic[name] == c { return "color.\(name)" }
            let parts = DynamicColor.Variant.allCases.compactMap { v in c[given: v].map { "\(v.rawValue) = color \"\($0.hex)\"" } }
            return "color.dynamic { " + parts.joined(separator: ", ") + " }"
        case .font(let f):
            if let style = f.textStyle, f == .preferred(style) { return "font.preferred(\"\(style.rawValue)\")" }
            var s = f.name == "system" ? "font.system(\(formatNumber(f.size)), \"\(f.weight.rawValue)\")"
                                       : "font.named(\"\(f.name)\", \(formatNumber(f.size)))"
            if f.italic { s += ":italic()" }
            if f.smallCaps { s += ":smallCaps()" }
            if let style = f.textStyle { s += ":scaled(\"\(style.rawValue)\")" }
            return s
        case .insets(let i): return "insets(\([i.top, i.left, i.bottom, i.right].map(formatNumber).joined(separator: ", ")))"
        case .size(let s): return "size(\(formatNumber(s.width)), \(formatNumber(s.height)))"
        case .image(.named(let n)): return "image \"\(n)\""
        case .image(.color(let c)): return "image.fromColor \"\(c.hex)\""
        case .number(let x): return formatNumber(x)
        case .int(let i): return String(i)
        case .bool(let b): return String(b)
        case .string(let s), .enumCase(let s): return s
        case .null: return "nil"
        }
    }
}
