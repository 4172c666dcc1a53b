import CLua
import CLuaShim
import Foundation
import StyleCore

/// A Lua function kept by a style, and the evaluation whose Lua state holds it.
///
/// The evaluation is held weakly: it owns the stylesheet that holds this function, so a strong
/// reference would keep every evaluation alive for ever (each reload of `stylerun watch` would
/// leak a Lua state). A stylesheet applied after its evaluation is gone gets a diagnostic saying
/// so, instead of a crash.
class LuaFunctionReference {
    private weak var evaluation: Evaluation?
    let function: Int32
    /// Where the script made the style, for the diagnostic when its evaluation is gone.
    private let location: SourceLocation

    init(evaluation: Evaluation, function: Int32, location: SourceLocation) {
        self.evaluation = evaluation
        self.function = function
        self.location = location
    }

    /// The evaluation that can run the function, or the error that it is gone.
    func liveEvaluation() throws(Diagnostic) -> Evaluation {
        guard let evaluation else { throw Diagnostic(BindingError.scriptReleased, at: location) }
        return evaluation
    }

    /// `selfContainedCode`, once worked out (the outer nil: not yet).
    private var knownCode: [UInt8]??

    /// The function compiled, with its lines (`lua_dump`), when it uses nothing from outside
    /// itself: a Lua function (not C) with no upvalue, so no global, no local of an enclosing
    /// function, no token. Such a function computes from its arguments alone, so one compiled
    /// from the same bytes does the same. Nil otherwise, or when its evaluation is gone.
    /// Dumped when first asked (a restyle comparing rules after a reload), not as it is made.
    private func selfContainedCode() -> [UInt8]? {
        if let knownCode { return knownCode }
        var code: [UInt8]?
        if let evaluation {
            let L = evaluation.vm.L
            let base = lua_gettop(L)
            lua_rawgeti(L, srlua_registryindex(), lua_Integer(function))  // stack: fn
            if lua_iscfunction(L, -1) == 0, lua_getupvalue(L, -1, 1) == nil {
                var data: UnsafeMutablePointer<CChar>?
                var length = 0
                if srlua_dumpfunction(L, &data, &length) == 0, let data {
                    code = Array(UnsafeRawBufferPointer(start: data, count: length))
                    free(data)
                }
            }
            lua_settop(L, base)  // the function, and an upvalue pushed
        }
        knownCode = .some(code)
        return code
    }

    /// Whether both functions are self-contained and compiled from the same bytes, lines
    /// included (a reload's copy of an unchanged function): then they do the same.
    func hasSameCode(as other: LuaFunctionReference) -> Bool {
        guard let mine = selfContainedCode(), let theirs = other.selfContainedCode() else { return false }
        return mine == theirs
    }
}

/// A plain Lua function used as a style: called with a checked proxy of the view being styled.
final class LuaFunctionStyle: LuaFunctionReference, StyleFunction {
    func doesTheSame(as other: any StyleFunction) -> Bool {
        self === other || (other as? LuaFunctionStyle).map(hasSameCode(as:)) == true
    }

    func apply(to application: StyleApplication) throws(Diagnostic) {
        let e = try liveEvaluation(), L = e.vm.L
        let proxy = ProxyObject(application: application, kind: application.view.kind)
        defer { proxy.isValid = false }
        lua_rawgeti(L, srlua_registryindex(), lua_Integer(function))  // stack: fn
        e.vm.pushObject(proxy, metatable: ProxyObject.metatable)       // stack: fn, proxy
        do {
            try e.vm.protectedCall(nargs: 1, nresults: 0)
        } catch {
            throw e.appliedTo(application.view, error.diagnostic)
        }
    }
}

/// A `mver` function: gets the current value (insets and sizes as mutable copies) and returns the
/// new one, or nothing to keep the possibly mutated argument.
final class LuaValueTransform: LuaFunctionReference, ValueTransform {
    /// A Lua function that uses nothing from outside itself (no upvalue: no global, no local of
    /// an enclosing function) can only compute from its argument, and can change nothing else:
    /// the same value gives the same result.
    let dependsOnlyOnValue: Bool

    /// The function at `index` of `evaluation`'s stack.
    init(evaluation: Evaluation, at index: Int32, location: SourceLocation) {
        let L = evaluation.vm.L
        var selfContained = lua_iscfunction(L, index) == 0
        if selfContained, lua_getupvalue(L, index, 1) != nil {
            lua_settop(L, -2)  // the upvalue pushed
            selfContained = false
        }
        dependsOnlyOnValue = selfContained
        super.init(evaluation: evaluation, function: evaluation.reference(at: index), location: location)
    }

    func doesTheSame(as other: any ValueTransform) -> Bool {
        self === other || (other as? LuaValueTransform).map(hasSameCode(as:)) == true
    }

    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        let e = try liveEvaluation(), L = e.vm.L
        let base = lua_gettop(L)
        lua_rawgeti(L, srlua_registryindex(), lua_Integer(function))  // stack: fn
        let box = ValueObject(value, mutable: true)
        switch value {
        case .color, .dynamicColor, .font, .insets, .size, .image: e.vm.pushObject(box, metatable: ValueObject.metatable)
        default: e.push(value)
        }                                                               // stack: fn, old
        do {
            try e.vm.protectedCall(nargs: 1, nresults: LUA_MULTRET)    // stack: results…
        } catch {
            throw e.appliedTo(view, error.diagnostic)
        }
        defer { lua_settop(L, base) }
        guard lua_gettop(L) > base else { return box.value }
        let type = path.valueType ?? .number
        let new: Value
        do {
            new = try e.readValue(at: base + 1, expecting: type)
        } catch {
            let at = e.functionLocation(function)
            let reason = error.message(for: path.qualifiedName, expected: type)
            throw e.appliedTo(view, Diagnostic(.badTransformResult(path: path.qualifiedName, reason, code: .typeMismatch), at: at))
        }
        // Checked here rather than only by the cascade, so the error names the function and the view.
        let checked: Result<Value, ValueError>
        switch path.target {
        case .property(let p): checked = p.check(new)
        case .field: checked = ValueType.number.check(new)
        case .object: return new
        }
        if case .failure(let error) = checked {
            let at = e.functionLocation(function)
            var d = Diagnostic(.badTransformResult(path: path.qualifiedName, error.message(for: path.qualifiedName), code: error.code), at: at)
            d.suggestions = error.suggestions
            throw e.appliedTo(view, d)
        }
        return new
    }
}

extension Evaluation {
    /// Adds which view a style was running on, once.
    func appliedTo(_ view: View, _ diagnostic: Diagnostic) -> Diagnostic {
        var d = diagnostic
        let note = "(applied to \(view.selectorDescription))"
        if !d.message.contains(note) { d.message += " " + note }
        return d
    }

    func functionLocation(_ ref: Int32) -> SourceLocation {
        lua_rawgeti(vm.L, srlua_registryindex(), lua_Integer(ref))
        return vm.definitionLine() ?? vm.location()
    }

    // MARK: The view proxy of function styles

    func installProxyMetatable() {
        let index = vm.register { [unowned self] _ throws(ScriptError) in try self.proxyIndex() }
        let newindex = vm.register { [unowned self] _ throws(ScriptError) in try self.proxyNewIndex() }
        let tostring = registerToString(ProxyObject.self, metatable: ProxyObject.metatable) { p in
            p.application.view.selectorDescription + (p.prefix.map { "." + $0 } ?? "")
        }
        installMetatable(ProxyObject.metatable, index: index, newindex: newindex, tostring: tostring)
    }

    func staleProxy() -> ScriptError {
        failure(.staleView)
    }

    /// The key path `name` names on `proxy`'s view, resolved once per kind, prefix and name: a
    /// function style runs for every view it applies to.
    private func proxyKeyPath(_ proxy: ProxyObject, _ name: String) throws(ScriptError) -> StyleKeyPath {
        let view = proxy.application.view
        let member = ProxyMember(kind: ObjectIdentifier(view.kind), prefix: proxy.prefix, name: name)
        if let known = proxyKeyPaths[member] { return known.path }
        let components = (proxy.prefix.map { $0.split(separator: ".").map(String.init) } ?? []) + [name]
        switch StyleKeyPath.resolve(components, in: view.kind) {
        case .success(let kp):
            proxyKeyPaths[member] = (view.kind, kp)
            return kp
        case .failure(let e):
            // Inside a sub-object (`v.layer.x`) another view kind's property is no hint.
            let declaredBy = proxy.prefix == nil ? kindDeclaring(e) : nil
            throw failure(.unknownProperty(e, declaredBy: declaredBy, appliedTo: view.selectorDescription), pointingAt: [name])
        }
    }

    /// stack: proxy, key
    private func proxyIndex() throws(ScriptError) -> Int32 {
        let L = vm.L
        let proxy = vm.object(at: 1, metatable: ProxyObject.metatable, as: ProxyObject.self)!
        guard proxy.alive else { throw staleProxy() }
        guard let name = vm.string(at: 2) else { throw badArgument("index", 2, expected: "a property name", index: 2) }
        let view = proxy.application.view
        if proxy.prefix == nil {
            switch name {
            case "id": if let id = view.id { lua_pushstring(L, id) } else { lua_pushnil(L) }; return 1
            case "kind": lua_pushstring(L, view.kind.name); return 1
            case "classes":
                lua_createtable(L, Int32(view.classes.count), 0)
                for (i, c) in view.classes.enumerated() { lua_pushstring(L, c); lua_rawseti(L, -2, lua_Integer(i + 1)) }
                return 1
            default: break
            }
        }
        let kp = try proxyKeyPath(proxy, name)
        switch kp.target {
        case .object(let prefix, let kind):
            vm.pushObject(ProxyObject(application: proxy.application, prefix: prefix, kind: kind, root: proxy.root ?? proxy),
                          metatable: ProxyObject.metatable)
        case .property, .field:
            let value = proxy.application.value(at: kp) ?? .null
            switch value {
            case .insets, .size:
                vm.pushObject(ValueObject(value, binding: (proxy.application, kp, proxy.root ?? proxy)), metatable: ValueObject.metatable)
            default:
                push(value)
            }
        }
        return 1
    }

    /// stack: proxy, key, value
    private func proxyNewIndex() throws(ScriptError) -> Int32 {
        let proxy = vm.object(at: 1, metatable: ProxyObject.metatable, as: ProxyObject.self)!
        guard proxy.alive else { throw staleProxy() }
        guard let name = vm.string(at: 2) else { throw badArgument("index", 2, expected: "a property name", index: 2) }
        if proxy.prefix == nil, name == "id" || name == "kind" || name == "classes" {
            throw failure(.viewIdentityInStyle(name), pointingAt: [name])
        }
        let kp = try proxyKeyPath(proxy, name)
        let value = try checkedValue(at: 3, for: kp, function: name)
        do {
            let at = vm.location(level: 1, pointingAt: [name])
            try proxy.application.set(kp, value, at: at.carrying(tokenOrigin(at: 3, value, line: at)))
        } catch {
            throw ScriptError(diagnostic: appliedTo(proxy.application.view, error))
        }
        return 0
    }
}

/// A member reached through a function style's proxy: the view's kind, the nested object's
/// path (`layer`), and the name.
struct ProxyMember: Hashable {
    let kind: ObjectIdentifier
    let prefix: String?
    let name: String
}
