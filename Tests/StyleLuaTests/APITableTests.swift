import StyleCore
import StyleLua
import XCTest

/// `APITable` against the bindings of a real evaluation, both ways: a binding without an entry,
/// or an entry without a binding, fails here.
final class APITableTests: XCTestCase {
    /// What the script printed, line by line, without the `chunk:line:` prefix.
    private func printed(_ source: String) throws -> [String] {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        _ = try Evaluation.evaluate(source: source, chunk: "api.lua", options: EvaluationOptions(log: { lines.all.append($0) }))
        return lines.all.map { line in
            guard let colon = line.range(of: ": ") else { return line }
            return String(line[colon.upperBound...])
        }
    }

    /// The diagnostic messages evaluating `source` fails with.
    private func failure(_ source: String) -> [String] {
        do {
            _ = try Evaluation.evaluate(source: source, chunk: "api.lua")
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }

    func testEveryGlobalIsTheSandboxsTheTablesOrAKind() throws {
        let globals = Set(try printed("for name in pairs(_G) do print(name) end"))
        let expected = Set(Sandbox.globals).union(APITable.globals.map(\.name)).union(Schema.standard.viewKinds.map(\.name))
        XCTAssertEqual(globals.subtracting(expected), [], "globals a script has that the table does not list")
        XCTAssertEqual(expected.subtracting(globals), [], "names the table lists that a script does not have")
        XCTAssertTrue(globals.isSuperset(of: ["mut", "font", "print", "Label"]), "the listing itself works")
    }

    func testGlobalFunctionsAreFunctionsAndNamespacesAreTables() throws {
        for entry in APITable.globals {
            let type = try printed("print(type(\(entry.name)))")
            XCTAssertEqual(type, [entry.role == .namespace ? "table" : "function"], entry.name)
        }
    }

    func testEveryNamespaceHasExactlyTheTablesMembers() throws {
        for namespace in APITable.globals where namespace.role == .namespace {
            let members = Set(try printed("for name in pairs(\(namespace.name)) do print(name) end"))
            XCTAssertEqual(members, Set(APITable.memberNames(of: namespace.name)), namespace.name)
            XCTAssertFalse(members.isEmpty, namespace.name)
            for member in APITable.members(of: namespace.name) {
                let type = try printed("print(type(\(namespace.name).\(member.name)))")
                // A value of the API is userdata; the traits are their names, strings.
                XCTAssertEqual(type, [member.role == .function ? "function" : member.returns == "string" ? "string" : "userdata"],
                               member.messageName)
            }
        }
    }

    /// Values a script can hold, of each type the table has members for: a colour of one value
    /// and a dynamic one, a fixed font and one that follows Dynamic Type.
    private let values = [("Color", "color \"#6E40C9\""), ("Color", "color.label"), ("Font", "font.system(12)"),
                          ("Font", "font.preferred(\"body\")"), ("Insets", "insets(1)"), ("Size", "size(1, 2)"), ("Image", "image \"logo\"")]

    func testEveryValueMemberOfTheTableIsBoundAndNoOther() throws {
        let owners = Set(APITable.valueMembers.compactMap(\.owner))
        XCTAssertEqual(owners, Set(values.map(\.0)), "a value type the test has no example of")
        // Optional members the fixed example lacks: an image has a name or a colour, a colour
        // of one value has no UIKit name, a fixed font no text style.
        let absent: Set<String> = ["Image.color", "color \"#6E40C9\".name", "font.system(12).textStyle"]
        for (type, expression) in values {
            for member in APITable.members(of: type) {
                if expression == "color.label", ["red", "green", "blue", "alpha", "hex"].contains(member.name) {
                    // One component per variant: reading one of the whole is an error that says so.
                    let error = failure("local v = \(expression)\nlocal _ = v.\(member.name)")
                    XCTAssertEqual(error.first?.hasPrefix("A dynamic colour has no single '\(member.name)'"), true, "\(error)")
                    continue
                }
                let found = try printed("local v = \(expression)\nprint(type(v.\(member.name)))")
                let luaTypes = ["number": "number", "string": "string", "string?": "string", "boolean": "boolean", "FontWeight": "string",
                                "TextStyle?": "string"]
                let isAbsent = absent.contains("\(type).\(member.name)") || absent.contains("\(expression).\(member.name)")
                let expected = member.role == .method ? ["function"] : isAbsent ? ["nil"] : [luaTypes[member.returns!] ?? "userdata"]
                XCTAssertEqual(found, expected, "\(expression).\(member.name)")
            }
            // A name the table does not list is no member, whatever a binding would answer.
            let unknown = failure("local v = \(expression)\nlocal _ = v.notAMember")
            XCTAssertEqual(unknown.first?.hasPrefix("\(type) has no field 'notAMember'"), true, "\(type): \(unknown)")
        }
    }

    /// Every function the table counts the arguments of is checked by its binding, in the
    /// table's words: one argument too many (or one too few) is the arity error.
    func testEveryBindingChecksTheArgumentsTheTableStates() throws {
        let receivers = ["Color": "(color \"#6E40C9\"):", "Font": "(font.system(12)):"]
        for entry in APITable.entries + [APITable.styleCall] {
            guard let arguments = entry.arguments else { continue }
            let count = arguments.upperBound == Int.max ? arguments.lowerBound - 1 : arguments.upperBound + 1
            guard count >= 0 else { continue }
            let list = Array(repeating: "1", count: count).joined(separator: ", ")
            let call: String
            switch entry.role {
            case .method: call = receivers[entry.owner!]! + "\(entry.name)(\(list))"
            case .call: call = "local s = mut(View.alpha, 1)\ns(\(list))"
            default: call = "\(entry.messageName)(\(list))"
            }
            let messages = failure(call + "\nreturn View {}")
            let got = count == 0 ? "none" : count == 1 ? "1 argument" : "\(count) arguments"
            XCTAssertTrue(messages.first?.contains("takes \(entry.said), got \(got).") == true, "\(call): \(messages)")
        }
    }

    func testMessagesNameFunctionsAsTheRuntimeDoes() {
        XCTAssertEqual(APITable.entry("font.named")?.said, "2 arguments (postScriptName, size)")
        XCTAssertEqual(APITable.entry("font.system")?.said, "1 or 2 arguments (size [, weight])")
        XCTAssertEqual(APITable.entry("bolded")?.said, "no arguments")
        XCTAssertEqual(APITable.entry("font.system")?.signature, "font.system(size: number, weight: FontWeight?)")
        XCTAssertEqual(APITable.entry("concat")?.arguments, 0...Int.max)
        XCTAssertNil(APITable.entry("insets")?.arguments, "insets names its own mistake")
    }

    /// The reference's table of functions is the table's: regenerate it from
    /// `APITable.referenceTable` when an entry changes.
    func testTheReferencesTableOfFunctionsIsTheAPITable() throws {
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/REFERENCE.md")
        let text = try String(contentsOf: reference, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- api-table: generated from APITable.referenceTable -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- /api-table -->", range: start.upperBound..<text.endIndex))
        // Blank lines around the table are Markdown's, not the table's.
        let written = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
        if written != APITable.referenceTable.trimmingCharacters(in: .newlines) {
            XCTFail("docs/REFERENCE.md §1.2's table of functions differs from APITable's; it should read:\n" + APITable.referenceTable)
        }
        XCTAssertTrue(APITable.referenceTable.contains("| `font.named(postScriptName, size)` | 2 arguments (postScriptName, size) | `Font` |"))
    }
}
