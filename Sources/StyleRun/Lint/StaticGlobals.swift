import LuaSyntax
import StyleCore
import StyleLua

/// The globals a script can read without defining them: the sandbox's allow list and the
/// stylerun API, with what the checker knows about each.
///
/// Both lists are read from `StyleLua` (`Sandbox.globals`, `APITable`); `StaticGlobalsTests`
/// compares them with the globals of a real evaluation in both directions.
enum StaticGlobals {
    /// Base functions and libraries of the sandbox (REFERENCE §1.10).
    static let sandbox = Set(Sandbox.globals)

    /// The stylerun API (REFERENCE §1.2–1.9), with the value each name stands for: the
    /// functions the checker follows as themselves, the others as unknown.
    static let api: [String: StaticValue] = Dictionary(uniqueKeysWithValues: APITable.globals.map { entry in
        guard let function = APIFunction(rawValue: entry.name) else { return (entry.name, .unknown) }
        return (entry.name, entry.role == .namespace ? .namespace(function) : .api(function))
    })

    /// Every name defined before the script runs, for a schema's view kinds.
    static func predefined(schema: Schema) -> [String: StaticValue] {
        var values = api
        for name in sandbox { values[name] = .unknown }
        for kind in schema.viewKinds { values[kind.name] = .kind(kind) }
        return values
    }
}

/// What one look over the whole file tells before the checks run: the globals it assigns, the
/// locals it reassigns, the kinds it declares and whether it declares themes.
///
/// Globals assigned anywhere count as defined everywhere: a function may run after the
/// assignment even when it is written before it.
struct FileFacts {
    /// Global names the file assigns, with how many assignments each has.
    var assignedGlobals: [String: Int] = [:]
    /// Locals assigned after their declaration; their value is not followed.
    var reassignedLocals: Set<VariableID> = []
    /// Names passed to `kind("Name", …)` as a literal.
    var declaredKinds: Set<String> = []
    var declaresThemes = false

    init(_ chunk: Chunk) {
        var facts = FileFacts()
        SyntaxWalker.walk(chunk) { event in
            switch event {
            case .statement(.assignment(let assignment)):
                for target in assignment.targets { facts.noteAssignment(to: target) }
            case .statement(.function(let function)) where function.fields.isEmpty && function.method == nil:
                facts.noteAssignment(to: .name(function.base))
            case .expression(.call(let call)):
                guard case .name(let callee) = call.callee, case .global = callee.binding else { break }
                if callee.name.text == "themes" { facts.declaresThemes = true }
                if callee.name.text == "kind", case .string(let name)? = call.arguments.first {
                    facts.declaredKinds.insert(name.text)
                }
            default:
                break
            }
        }
        self = facts
    }

    private init() {}

    private mutating func noteAssignment(to target: LuaExpression) {
        switch target {
        case .name(let name):
            switch name.binding {
            case .global: assignedGlobals[name.name.text, default: 0] += 1
            case .local(let id), .upvalue(let id): reassignedLocals.insert(id)
            case .environment: break
            }
        case .index(let index):
            // `_G.name = …` defines a global too.
            if case .name(let base) = index.base, case .global = base.binding, base.name.text == "_G",
               case .field(let field) = index.key {
                assignedGlobals[field.text, default: 0] += 1
            }
        default:
            break
        }
    }
}
