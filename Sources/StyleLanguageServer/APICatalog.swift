import StyleLua

/// The stylerun API as the editor sees it: global functions and the members of `color`, `font`
/// and `image`, with their signatures and doc lines.
///
/// Read from `APITable`, as the definitions `stylerun types` writes are, so completion and hover
/// say what the type files and the bindings say.
///
///     APICatalog.standard.entry("font.system")?.signature    // "font.system(size: number, weight: FontWeight?)"
struct APICatalog: Sendable {
    struct Entry: Sendable, Hashable {
        /// `mut`, `font.system`, `color.white`.
        var name: String
        /// `mut(path: KeyPath<any>|string, value: any)`, or the type of a value (`Color`).
        var signature: String
        var doc: String
        var isFunction: Bool
    }

    private(set) var entries: [String: Entry] = [:]

    static let standard = APICatalog(table: APITable.globals + APITable.globals.flatMap { APITable.members(of: $0.name) })

    /// The sandbox's own globals, completed without docs.
    static let sandboxGlobals = Sandbox.globals.filter { !$0.hasPrefix("_") }

    init(table: [APIEntry]) {
        for e in table {
            entries[e.messageName] = Entry(name: e.messageName, signature: e.signature, doc: e.doc.joined(separator: " "),
                                           isFunction: e.role == .function)
        }
    }

    func entry(_ name: String) -> Entry? { entries[name] }

    /// Global functions and namespaces (`mut`, `color`), sorted.
    var globals: [Entry] { entries.values.filter { !$0.name.contains(".") }.sorted { $0.name < $1.name } }

    /// The members of a namespace (`color` → `clear`, `black`, …), sorted.
    func members(of namespace: String) -> [Entry] {
        let prefix = namespace + "."
        return entries.values.filter { $0.name.hasPrefix(prefix) && !$0.name.dropFirst(prefix.count).contains(".") }
            .sorted { $0.name < $1.name }
    }
}
