import XCTest
import LuaSyntax

final class ParserTests: XCTestCase {
    private func statements(_ source: String) throws -> [Statement] {
        try LuaParser.parse(source).body.statements
    }

    private func span(_ range: SourceRange) -> String {
        "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
    }

    /// Lua manual §3.4.8, from `or` (lowest) to `^` (highest); `..` and `^` are right associative.
    func testPrecedenceAndAssociativity() throws {
        let cases: [(String, String)] = [
            ("1 + 2 * 3", "(1 + (2 * 3))"),
            ("1 - 2 - 3", "((1 - 2) - 3)"),
            ("a // b * c % d / e", "((((a // b) * c) % d) / e)"),
            ("2 ^ 3 ^ 2", "(2 ^ (3 ^ 2))"),
            ("-2 ^ 2", "(- (2 ^ 2))"),
            ("2 ^ -3", "(2 ^ (- 3))"),
            ("not a ^ b", "(not (a ^ b))"),
            ("a .. b .. c", "(a .. (b .. c))"),
            ("a + b .. c + d", "((a + b) .. (c + d))"),
            ("1 << 2 .. 3", "(1 << (2 .. 3))"),
            ("a & b << c", "(a & (b << c))"),
            ("1 | 2 ~ 3 & 4", "(1 | (2 ~ (3 & 4)))"),
            ("a < b | c", "(a < (b | c))"),
            ("a < b == c", "((a < b) == c)"),
            ("a == b ~= c <= d >= e > f", "(((((a == b) ~= c) <= d) >= e) > f)"),
            ("a .. b == c", "((a .. b) == c)"),
            ("not a == b", "((not a) == b)"),
            ("a or b and c", "(a or (b and c))"),
            ("a and b or c and d", "((a and b) or (c and d))"),
            ("a or b or c", "((a or b) or c)"),
            ("#t + 1", "((# t) + 1)"),
            ("~a ~ b", "((~ a) ~ b)"),
            ("- - a", "(- (- a))"),
            ("-x.y ^ 2", "(- (x.y ^ 2))"),
            ("(a + b) * c", "(<(a + b)> * c)"),
            ("a.b.c:d(1)[2]", "a.b.c:d(1)[2]"),
            ("f{1, x = 2, [3] = 4}'s'", "f({1, x = 2, [3] = 4})('s')"),
            ("f[[long]]", "f('long')"),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(render(try parseExpression(source)), expected, source)
        }
    }

    func testOperatorTableMatchesLua() {
        XCTAssertEqual(BinaryExpression.Operator.power.precedence.left, 14)
        XCTAssertGreaterThan(BinaryExpression.Operator.concat.precedence.left, BinaryExpression.Operator.concat.precedence.right)
        for op in BinaryExpression.Operator.allCases where op != .concat && op != .power {
            XCTAssertEqual(op.precedence.left, op.precedence.right, "\(op) is left associative")
        }
    }

    /// Diagnostics point at a misspelled key, so field names must have exact ranges.
    func testFieldNamePositions() throws {
        guard case .assignment(let assignment) = try statements("View.layer.cornerRadus = 4")[0],
              case .index(let index) = assignment.targets[0], case .field(let field) = index.key else {
            return XCTFail("expected an assignment to a field")
        }
        XCTAssertEqual(field.text, "cornerRadus")
        XCTAssertEqual(span(field.range), "1:12-1:23")
        XCTAssertEqual(span(index.range), "1:1-1:23")
        XCTAssertEqual(span(assignment.range), "1:1-1:27")
    }

    func testNodeRangesAcrossLines() throws {
        let source = """
        local card = style(View, {
          backgroundColor = "#FFFFFF",
          ["layer"] = { cornerRadius = 8 },
        })
        button:setTitle("Go")
        """
        let body = try statements(source)
        guard case .local(let local) = body[0], case .call(let call) = local.values[0],
              case .table(let table) = call.arguments[1] else { return XCTFail("unexpected shape") }
        XCTAssertEqual(span(local.range), "1:1-4:3")
        XCTAssertEqual(span(local.names[0].name.range), "1:7-1:11")
        XCTAssertEqual(span(call.range), "1:14-4:3")
        XCTAssertEqual(span(table.range), "1:26-4:2")
        guard case .named(let key, .string(let color)) = table.fields[0],
              case .keyed(.string(let layer), .table(let inner), let keyedRange) = table.fields[1] else {
            return XCTFail("unexpected fields")
        }
        XCTAssertEqual(span(key.range), "2:3-2:18")
        XCTAssertEqual(color.text, "#FFFFFF")
        XCTAssertEqual(span(color.range), "2:21-2:30")
        XCTAssertEqual(layer.text, "layer")
        XCTAssertEqual(span(keyedRange), "3:3-3:35")
        XCTAssertEqual(span(inner.range), "3:15-3:35")
        guard case .call(.methodCall(let method)) = body[1] else { return XCTFail("expected a method call") }
        XCTAssertEqual(method.method.text, "setTitle")
        XCTAssertEqual(span(method.method.range), "5:8-5:16")
        XCTAssertEqual(span(method.range), "5:1-5:22")
    }

    func testStatementsAndTheirParts() throws {
        let source = """
        local a <const>, b <close> = 1, nil
        local function f(x, ...) return x, ... end
        function M.sub.g(y) end
        function M:m() return self end
        for i = 10, 1, -1 do if i then goto skip elseif a then break else end ::skip:: end
        for k, v in pairs(t) do end
        while a do end repeat until b do end
        x, y.z, w[1] = 1;
        f()
        return 1
        """
        let body = try statements(source)
        XCTAssertEqual(body.count, 13)
        guard case .local(let local) = body[0] else { return XCTFail() }
        XCTAssertEqual(local.names.map(\.attribute?.kind), [.const, .close])
        XCTAssertEqual(local.names.map(\.name.text), ["a", "b"])
        XCTAssertEqual(span(local.names[0].attribute!.range), "1:9-1:16")
        guard case .localFunction(let localFunction) = body[1] else { return XCTFail() }
        XCTAssertTrue(localFunction.function.isVararg)
        XCTAssertEqual(localFunction.function.parameters.map(\.name.text), ["x"])
        XCTAssertEqual(span(localFunction.function.range), "2:7-2:43")
        guard case .function(let function) = body[2] else { return XCTFail() }
        XCTAssertEqual(function.base.name.text, "M")
        XCTAssertEqual(function.fields.map(\.text), ["sub", "g"])
        XCTAssertNil(function.method)
        guard case .function(let method) = body[3] else { return XCTFail() }
        XCTAssertEqual(method.method?.text, "m")
        XCTAssertEqual(method.function.parameters.map(\.name.text), ["self"])
        guard case .numericFor(let numeric) = body[4], case .if(let ifStatement) = numeric.body.statements[0] else {
            return XCTFail()
        }
        XCTAssertEqual(numeric.variable.name.text, "i")
        XCTAssertNotNil(numeric.step)
        XCTAssertEqual(ifStatement.clauses.count, 2)
        XCTAssertNotNil(ifStatement.elseBody)
        guard case .goto(let label, _) = ifStatement.clauses[0].body.statements[0],
              case .label(let target, _) = numeric.body.statements[1] else { return XCTFail() }
        XCTAssertEqual(label.text, "skip")
        XCTAssertEqual(target.text, "skip")
        guard case .genericFor(let generic) = body[5] else { return XCTFail() }
        XCTAssertEqual(generic.variables.map(\.name.text), ["k", "v"])
        guard case .while = body[6], case .repeat = body[7], case .do = body[8] else { return XCTFail() }
        guard case .assignment(let assignment) = body[9] else { return XCTFail() }
        XCTAssertEqual(assignment.targets.map(render), ["x", "y.z", "w[1]"])
        guard case .empty = body[10], case .call(.call) = body[11], case .return(let values, _) = body[12] else {
            return XCTFail()
        }
        XCTAssertEqual(values.count, 1)
    }

    func testEmptyBlocksHaveEmptyRanges() throws {
        guard case .do(let body, let range) = try statements("do end")[0] else { return XCTFail() }
        XCTAssertTrue(body.statements.isEmpty)
        XCTAssertEqual(body.range.start, body.range.end)
        XCTAssertEqual(span(range), "1:1-1:7")
        let chunk = try LuaParser.parse("-- nothing\n")
        XCTAssertTrue(chunk.body.statements.isEmpty)
    }

    func testStringArgumentsAndByteStrings() throws {
        guard case .call(let call) = try parseExpression(#"require "a.b""#) else { return XCTFail() }
        XCTAssertEqual(call.argumentStyle, .string)
        guard case .string(let literal) = try parseExpression(#"'\xff\0'"#) else { return XCTFail() }
        XCTAssertEqual(literal.bytes, [0xFF, 0])
    }
}
