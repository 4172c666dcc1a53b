import StyleRun
import LuaSyntax
import StyleCore

/// What the language server knows of one parsed script: where each local is declared and
/// used, what each local was initialised with, the modules it requires, its themes' tokens,
/// and the ids and classes it names. Built from `LuaSyntax`'s tree, whose names are already
/// resolved as `luac` resolves them.
///
///     let index = DocumentIndex(bytes: Array("local s = mut(View.alpha, 1)".utf8))
///     index?.declarations    // [VariableID(0): 6..<7]
final class DocumentIndex: Sendable {
    let chunk: Chunk
    let bytes: [UInt8]
    /// Every use of a local (its declaration included), sorted by offset.
    let occurrences: [(range: Range<Int>, variable: VariableID)]
    let declarations: [VariableID: Range<Int>]
    /// The expression a local was declared with (`local s = <expression>`).
    let initializers: [VariableID: LuaExpression]
    /// Globals the file defines (`function f() end`, `f = …`): their first definition.
    let globalDefinitions: [String: Range<Int>]
    /// Every `require "x"` call: the module name and the string literal's range.
    let requires: [(module: String, range: Range<Int>)]
    /// The ids and classes the file's constructors and selectors name.
    let ids: Set<String>
    let classes: Set<String>
    /// Locals declared at the top level of the chunk, in order.
    let topLevelLocals: [LocalName]
    /// Kinds the script declares for prototyping: `kind("GradientView", View, { fromColor = "Color?" })`.
    let declaredKinds: [(name: String, superKind: String, properties: [(String, String)])]
    /// Every `local.field` read or written: theme tokens and module members in use.
    let fieldAccesses: [(base: VariableID, field: String, range: Range<Int>)]

    /// Nil when the text does not parse.
    init?(bytes: [UInt8], chunkName: String = "?") {
        guard let chunk = try? LuaParser.parse(source: bytes, chunkName: chunkName) else { return nil }
        self.chunk = chunk
        self.bytes = bytes
        let collector = Collector()
        SyntaxWalker.walk(chunk) { collector.visit($0, bytes: bytes) }
        occurrences = collector.occurrences.sorted { $0.range.lowerBound < $1.range.lowerBound }
        declarations = collector.declarations
        initializers = collector.initializers
        globalDefinitions = collector.globals
        requires = collector.requires
        ids = collector.ids
        classes = collector.classes
        fieldAccesses = collector.fieldAccesses
        declaredKinds = collector.declaredKinds
        topLevelLocals = chunk.body.statements.flatMap { statement -> [LocalName] in
            switch statement {
            case .local(let local): local.names
            case .localFunction(let local): [local.name]
            default: []
            }
        }
    }

    /// The local whose name covers `offset` (a use or its declaration).
    func variable(at offset: Int) -> (range: Range<Int>, variable: VariableID)? {
        var low = 0, high = occurrences.count
        while low < high {
            let mid = (low + high) / 2
            if occurrences[mid].range.upperBound < offset { low = mid + 1 } else { high = mid }
        }
        guard low < occurrences.count, occurrences[low].range.contains(offset) || occurrences[low].range.upperBound == offset
        else { return nil }
        return occurrences[low]
    }

    /// The top-level local named `name` (the last one declared), for completion of `theme.` and `base.`.
    func topLevelLocal(named name: String) -> VariableID? {
        topLevelLocals.last { $0.name.text == name }?.variable
    }

    /// A local visible at `offset` named `name`: the last declared before it (good enough for
    /// completion, where the text may not parse and scopes are approximate).
    func local(named name: String, before offset: Int) -> VariableID? {
        var found: VariableID?
        for (id, range) in declarations where chunk[id].name.text == name && range.lowerBound <= offset {
            if found == nil || declarations[found!]!.lowerBound < range.lowerBound { found = id }
        }
        return found
    }

    /// The source text of a range.
    func text(_ range: SourceRange) -> String { String(decoding: bytes[range.offsets], as: UTF8.self) }

    /// The doc comment (`--- …` lines, annotations left out) right above a line.
    func docComment(above line: Int) -> String {
        var lines: [String] = []
        var want = line - 1
        for comment in chunk.comments.reversed() where comment.range.end.line <= want {
            guard comment.range.end.line == want, comment.range.start.column == 1 || isLineStart(comment.range.start) else { break }
            let text = self.text(comment.range)
            guard text.hasPrefix("---") else { break }
            let body = text.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if !body.hasPrefix("@") { lines.insert(String(body), at: 0) }
            want -= 1
        }
        return lines.joined(separator: " ")
    }

    private func isLineStart(_ location: LuaSyntax.SourceLocation) -> Bool {
        let start = location.offset - (location.column - 1)
        return bytes[max(0, start)..<location.offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Gathers the index in one walk.
private final class Collector {
    var occurrences: [(range: Range<Int>, variable: VariableID)] = []
    var declarations: [VariableID: Range<Int>] = [:]
    var initializers: [VariableID: LuaExpression] = [:]
    var globals: [String: Range<Int>] = [:]
    var requires: [(module: String, range: Range<Int>)] = []
    var ids: Set<String> = []
    var classes: Set<String> = []
    var fieldAccesses: [(base: VariableID, field: String, range: Range<Int>)] = []
    var declaredKinds: [(name: String, superKind: String, properties: [(String, String)])] = []

    func visit(_ event: SyntaxEvent, bytes: [UInt8]) {
        switch event {
        case .declare(let name):
            declarations[name.variable] = name.name.range.offsets
            occurrences.append((name.name.range.offsets, name.variable))
        case .statement(.local(let local)):
            for (i, name) in local.names.enumerated() where i < local.values.count {
                initializers[name.variable] = local.values[i]
            }
        case .statement(.localFunction(let local)):
            initializers[local.name.variable] = .function(local.function)
        case .statement(.function(let function)) where function.fields.isEmpty && function.method == nil:
            if case .global = function.base.binding, globals[function.base.name.text] == nil {
                globals[function.base.name.text] = function.base.name.range.offsets
            }
        case .statement(.assignment(let assignment)):
            for target in assignment.targets {
                if case .name(let name) = target, case .global = name.binding, globals[name.name.text] == nil {
                    globals[name.name.text] = name.name.range.offsets
                }
            }
        case .expression(.name(let name)):
            switch name.binding {
            case .local(let id), .upvalue(let id): occurrences.append((name.name.range.offsets, id))
            default: break
            }
        case .expression(.index(let index)):
            if case .name(let base) = index.base, case .field(let field) = index.key {
                switch base.binding {
                case .local(let id), .upvalue(let id): fieldAccesses.append((id, field.text, field.range.offsets))
                default: break
                }
            }
        case .expression(.call(let call)):
            guard let callee = APIName.global(call.callee) else { break }
            if callee == "require", case .string(let module)? = call.arguments.first {
                requires.append((module.text, module.range.offsets))
            } else if callee == "kind", call.arguments.count >= 2, case .string(let name) = call.arguments[0],
                      let superKind = APIName.global(call.arguments[1]) {
                var properties: [(String, String)] = []
                if call.arguments.count > 2, case .table(let table) = call.arguments[2] {
                    for case .named(let key, .string(let type)) in table.fields { properties.append((key.text, type.text)) }
                }
                declaredKinds.append((name.text, superKind, properties))
            } else if callee == "rule", case .string(let selector)? = call.arguments.first {
                SelectorNames.collect(selector.text, ids: &ids, classes: &classes)
            } else if case .table(let table)? = call.arguments.first, call.arguments.count == 1 {
                for field in table.fields {
                    guard case .named(let key, .string(let value)) = field else { continue }
                    if key.text == "id" { ids.insert(value.text) }
                    if key.text == "class" { classes.formUnion(value.text.split(separator: " ").map(String.init)) }
                }
            }
        default:
            break
        }
    }
}

/// Reading names out of expressions.
enum APIName {
    /// The name of a global read (`mut` in `mut(…)`), nil for anything else.
    static func global(_ expression: LuaExpression) -> String? {
        guard case .name(let name) = expression, case .global = name.binding else { return nil }
        return name.name.text
    }

    /// A chain of fields from a global (`Button.titleLabel.font` → ["Button", "titleLabel", "font"]).
    static func chain(_ expression: LuaExpression) -> [String]? {
        switch expression {
        case .name(let name):
            guard case .global = name.binding else { return nil }
            return [name.name.text]
        case .index(let index):
            guard case .field(let field) = index.key, let base = chain(index.base) else { return nil }
            return base + [field.text]
        default:
            return nil
        }
    }
}

/// The ids and classes a selector names, read without the schema (for completion lists).
enum SelectorNames {
    static func collect(_ selector: String, ids: inout Set<String>, classes: inout Set<String>) {
        var current = ""
        var sigil: Character?
        func flush() {
            if sigil == "#", !current.isEmpty { ids.insert(current) }
            if sigil == ".", !current.isEmpty { classes.insert(current) }
            current = ""
        }
        for c in selector {
            if c == "#" || c == "." {
                flush(); sigil = c
            } else if c.isLetter || c.isNumber || c == "_" || c == "-" {
                current.append(c)
            } else {
                flush(); sigil = nil
            }
        }
        flush()
    }
}
