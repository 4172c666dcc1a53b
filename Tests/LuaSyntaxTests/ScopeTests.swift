import XCTest
import LuaSyntax

/// Names are resolved while parsing, as luac resolves them.
final class ScopeTests: XCTestCase {
    /// Every name expression of the chunk, in source order, as `text:binding`.
    private func bindings(_ source: String) throws -> [String] {
        let chunk = try LuaParser.parse(source)
        var result: [String] = []
        SyntaxWalker.walk(chunk) { node in
            guard case .expression(.name(let name)) = node else { return }
            let binding: String
            switch name.binding {
            case .local(let id): binding = "local \(chunk[id].name.range.start)"
            case .upvalue(let id): binding = "upvalue \(chunk[id].name.range.start)"
            case .global(nil): binding = "global"
            case .global(let environment?): binding = "global in \(chunk[environment].name.range.start)"
            case .environment: binding = "_ENV"
            }
            result.append("\(name.name.text):\(binding)")
        }
        return result
    }

    func testLocalsUpvaluesAndGlobals() throws {
        let source = """
        local a = 1
        local function f(p)
          local b = a + p + g
          return function() return b, _ENV, f end
        end
        """
        XCTAssertEqual(try bindings(source), [
            "a:upvalue 1:7", "p:local 2:18", "g:global", "b:upvalue 3:9", "_ENV:_ENV", "f:upvalue 2:16",
        ])
    }

    func testShadowingAndScopeEnds() throws {
        XCTAssertEqual(try bindings("local x = 1 local x = x return x"), ["x:local 1:7", "x:local 1:19"])
        XCTAssertEqual(try bindings("do local y end return y"), ["y:global"])
        XCTAssertEqual(try bindings("local z = function() return z end"), ["z:global"])
        XCTAssertEqual(try bindings("local function w() return w end"), ["w:upvalue 1:16"])
        XCTAssertEqual(try bindings("for i = i, 2 do return i end"), ["i:global", "i:local 1:5"])
        XCTAssertEqual(try bindings("repeat local done = true until done"), ["done:local 1:14"])
    }

    func testEnvironmentAndSelf() throws {
        XCTAssertEqual(try bindings("local _ENV = {} x = 1"), ["x:global in 1:7"])
        let chunk = try LuaParser.parse("function t:m() return self end")
        let selfVariable = chunk.variables.first { $0.role == .implicitSelf }
        XCTAssertEqual(selfVariable?.name.text, "self")
        XCTAssertEqual(try bindings("function t:m() return self end"), ["t:global", "self:local 1:12"])
    }

    func testVariableTable() throws {
        let chunk = try LuaParser.parse("local a <const> = 1 local b <const> = {} local c <close>, d = nil for k in f do end")
        XCTAssertEqual(chunk.variables.map(\.name.text), ["a", "b", "c", "d", "k"])
        XCTAssertEqual(chunk.variables.map(\.attribute), [.const, .const, .close, nil, nil])
        XCTAssertEqual(chunk.variables.map(\.isCompileTimeConstant), [true, false, false, false, false])
        XCTAssertEqual(chunk.variables.last?.role, .forLoop)
    }

    func testWalkerVisitsEveryNodeInOrder() throws {
        let chunk = try LuaParser.parse("if a then b(c, {d, e = f}) elseif g then else h = i[j] .. -k end")
        var names: [String] = []
        var statements = 0
        SyntaxWalker.walk(chunk) { node in
            switch node {
            case .expression(.name(let name)): names.append(name.name.text)
            case .statement: statements += 1
            default: break
            }
        }
        XCTAssertEqual(names, ["a", "b", "c", "d", "f", "g", "h", "i", "j", "k"])
        XCTAssertEqual(statements, 3)
    }
}
