import CLua
import CLuaShim
import StyleCore

// Operators on styles and values (REFERENCE §1.4): `a + b` composes styles as `a .. b` does, as in
// the Styling Kit; any other operator on a style, and any arithmetic on a value or a key path
// (`View.alpha + 1`, where `mver` was meant), is an error
// that names the ways to compose instead of Lua's "attempt to perform arithmetic".
extension Evaluation {
    /// Lua's arithmetic and bitwise events with the operator each stands for.
    private static let arithmetic: [(event: String, op: String)] = [
        ("__add", "+"), ("__sub", "-"), ("__mul", "*"), ("__div", "/"), ("__mod", "%"), ("__pow", "^"),
        ("__unm", "-"), ("__idiv", "//"), ("__band", "&"), ("__bor", "|"), ("__bxor", "~"),
        ("__shl", "<<"), ("__shr", ">>"), ("__bnot", "~"), ("__lt", "<"), ("__le", "<="),
    ]

    func installOperators() {
        for (event, op) in Self.arithmetic {
            let style = vm.register { [unowned self] _ throws(ScriptError) in
                if op == "+", self.isStyleOperand(1), self.isStyleOperand(2) {
                    let parts = try self.styleArguments(from: 1, of: "+")
                    return try self.pushStyle("+", parts: parts) { () throws(StyleError) in
                        try Style.concat(parts, root: Schema.view, at: self.vm.location(pointingAt: ["+"]))
                    }
                }
                throw self.badOperator(op)
            }
            setMetamethod(event, of: StyleObject.metatable, to: style)
            let value = vm.register { [unowned self] _ throws(ScriptError) in throw self.badOperator(op) }
            setMetamethod(event, of: ValueObject.metatable, to: value)
            setMetamethod(event, of: KeyPathObject.metatable, to: value)
        }
    }

    /// A style, or a plain function that `+` makes a style, as `..` does.
    private func isStyleOperand(_ index: Int32) -> Bool {
        vm.object(at: index, metatable: StyleObject.metatable, as: StyleObject.self) != nil || srlua_isfunction(vm.L, index) != 0
    }

    /// The error for `op` on the operands at 1 and 2 (one of them a style or a value).
    private func badOperator(_ op: String) -> ScriptError {
        let operand = [Int32(1), 2].lazy.compactMap { i -> String? in
            if self.vm.object(at: i, metatable: StyleObject.metatable, as: StyleObject.self) != nil { return "a style" }
            if self.vm.object(at: i, metatable: KeyPathObject.metatable, as: KeyPathObject.self) != nil { return "a key path" }
            if let v = self.vm.object(at: i, metatable: ValueObject.metatable, as: ValueObject.self) {
                let name = v.value.typeName
                return (name.first.map { "AEIOU".contains($0) } ?? false ? "an " : "a ") + name
            }
            return nil
        }.first ?? "a value"
        return failure(.misuse(.badOperator(op, operand: operand)), pointingAt: [op])
    }

    /// Sets `event` of the metatable `name` to a registered function.
    private func setMetamethod(_ event: String, of name: String, to function: Int32) {
        lua_getfield(vm.L, srlua_registryindex(), name)  // stack: mt
        srlua_pushfunction(vm.L, function)               // stack: mt, fn
        lua_setfield(vm.L, -2, event)                    // stack: mt
        srlua_pop(vm.L, 1)
    }
}
