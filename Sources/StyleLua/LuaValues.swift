import CLua
import CLuaShim
import StyleCore

// Values across the boundary, both directions.
extension Evaluation {
    // MARK: Swift → Lua (push)

    /// Pushes a value: scalars as Lua scalars, enums as their case name, the rest as userdata.
    func push(_ value: Value, mutable: Bool = false) {
        let L = vm.L
        switch value {
        case .number(let x): lua_pushnumber(L, x)
        case .int(let i): lua_pushinteger(L, lua_Integer(i))
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .string(let s), .enumCase(let s): lua_pushstring(L, s)
        case .null: lua_pushnil(L)
        case .color, .dynamicColor, .font, .insets, .size, .image:
            vm.pushObject(ValueObject(value, mutable: mutable), metatable: ValueObject.metatable)
        }
    }

    // MARK: Lua → Swift (read)

    /// Reads the Lua value at `index` as a `Value`, converting a table where `expected` is Insets
    /// or Size. What comes back is not yet checked against the expected type.
    func readValue(at index: Int32, expecting expected: ValueType?) throws(ValueReadError) -> Value {
        let L = vm.L
        switch vm.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if vm.isInteger(at: index) { return .int(Int(srlua_tointeger(L, index, nil))) }
            return .number(vm.number(at: index)!)
        case LUA_TSTRING:
            // A value's string is a copy in Swift, one per view or style that holds it, while
            // Lua holds the string once: charged, so that 40 Labels given one 50 MiB text stop
            // at the memory limit instead of the operating system's.
            let text = vm.string(at: index)!
            vm.chargeHostMemory(text.utf8.count)
            return .string(text)
        case LUA_TUSERDATA:
            if let v = vm.object(at: index, metatable: ValueObject.metatable, as: ValueObject.self) { return v.value }
            throw .wrongType(vm.typeName(at: index))
        case LUA_TTABLE:
            switch expected?.wrapped {
            case .insets?: return .insets(try readFields(at: index, names: Insets.fieldNames, into: Insets.zero))
            case .size?: return .size(try readFields(at: index, names: Size.fieldNames, into: Size.zero))
            default: throw .wrongType("table")
            }
        default:
            throw .wrongType(vm.typeName(at: index))
        }
    }

    /// `{top = 8, bottom = 4}`: missing fields are 0; unknown or non-number fields are errors.
    private func readFields<T>(at index: Int32, names: [String], into initial: T) throws(ValueReadError) -> T
    where T: FieldSettable {
        let L = vm.L
        let table = lua_absindex(L, index)
        var result = initial
        // `{8, 16}`: a list where the fields are named; the constructor is what was meant.
        let count = lua_rawlen(L, table)
        if count > 0 {
            var numbers: [Double] = []
            for i in 1...count {
                lua_rawgeti(L, table, lua_Integer(i))
                if let x = vm.number(at: -1) { numbers.append(x) }
                srlua_pop(L, 1)
            }
            throw .list(T.typeName, numbers)
        }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {  // stack: key, value
            guard let key = vm.string(at: -2), names.contains(key) else {
                let key = vm.string(at: -2) ?? vm.typeName(at: -2)
                srlua_pop(L, 2)
                throw .unknownField(key, T.typeName, Suggestion.closest(to: key, among: names))
            }
            guard let x = vm.number(at: -1), x.isFinite else {
                let got = vm.typeName(at: -1)
                srlua_pop(L, 2)
                throw .fieldNotNumber(key, T.typeName, got)
            }
            result.setField(key, x)
            srlua_pop(L, 1)  // stack: key
        }
        return result
    }

    /// Reads and checks a value for a key path (`mut`, literals, proxy writes).
    func checkedValue(at index: Int32, for keyPath: StyleKeyPath, function: String) throws(ScriptError) -> Value {
        guard let type = keyPath.valueType else {
            throw failure(.style(.notSettable(keyPath)), pointingAt: [function])
        }
        let raw: Value
        do {
            raw = try readValue(at: index, expecting: type)
        } catch {
            throw failure(.unreadableValue(error, target: keyPath.qualifiedName, expected: type), pointingAt: [function])
        }
        switch type.check(raw, range: keyPath.property?.range) {
        case .success(let v): return v
        case .failure(let e):
            if let misuse = APIMisuse.quotedNumber(raw, for: type, target: keyPath.qualifiedName) {
                throw failure(.misuse(misuse), pointingAt: tokens(for: raw) + [function])
            }
            if case .string(let text) = raw, type.wrapped == .font {
                throw failure(.misuse(.stringForFont(text, target: keyPath.qualifiedName)), pointingAt: tokens(for: raw) + [function])
            }
            throw failure(.style(.invalidValue(e, target: keyPath.qualifiedName)), pointingAt: tokens(for: raw) + [function])
        }
    }

    /// Where a bad value probably stands on the line: its literal text.
    func tokens(for value: Value) -> [String] {
        switch value {
        case .string(let s), .enumCase(let s): ["\"\(s)\"", "'\(s)'"]
        case .number(let x): [formatNumber(x)]
        case .int(let i): [String(i)]
        default: []
        }
    }
}

/// Why a Lua value could not be read as a `Value`.
enum ValueReadError: Error {
    case wrongType(String)
    case unknownField(String, String, String?)
    case fieldNotNumber(String, String, String)
    /// `{8, 16}` where Insets or Size is expected: the numbers of the list.
    case list(String, [Double])

    func message(for target: String, expected: ValueType) -> String {
        switch self {
        case .wrongType(let got):
            return ValueError.typeMismatch(expected: expected, got: got).message(for: target)
        case .unknownField(let name, let type, let suggestion):
            return BindingError.unknownField(name, of: type, suggestion: suggestion).message
        case .fieldNotNumber(let name, let type, let got):
            return BindingError.fieldNotANumber(name, of: type, got: got).message
        case .list(let type, let numbers):
            return APIMisuse.list(type: type, numbers: numbers, target: target).message
        }
    }

    var suggestions: [String] {
        switch self {
        case .unknownField(_, _, let s?): return [s]
        case .list(let type, let numbers):
            return APIMisuse.list(type: type, numbers: numbers, target: "").suggestion.map { [$0] } ?? []
        default: return []
        }
    }
}

protocol FieldSettable {
    static var typeName: String { get }
    mutating func setField(_ name: String, _ value: Double)
}

extension Insets: FieldSettable {
    static var typeName: String { "Insets" }
    mutating func setField(_ name: String, _ value: Double) { self[name] = value }
}

extension Size: FieldSettable {
    static var typeName: String { "Size" }
    mutating func setField(_ name: String, _ value: Double) { self[name] = value }
}
