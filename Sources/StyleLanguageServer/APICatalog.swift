import StyleRun

/// The stylerun API as the editor sees it: global functions and the members of `color`, `font`
/// and `image`, with their signatures and doc lines.
///
/// Read from the definitions `stylerun types` writes (`LuaDefinitions`), which the schema and
/// the bindings generate, so completion and hover say what the type files say.
///
///     APICatalog.standard.entry("font.system")?.signature    // "font.system(size, weight)"
struct APICatalog: Sendable {
    struct Entry: Sendable, Hashable {
        /// `mut`, `font.system`, `color.white`.
        var name: String
        /// `mut(path, value)`, or the field's type for a value (`Color`).
        var signature: String
        var doc: String
        var isFunction: Bool
    }

    private(set) var entries: [String: Entry] = [:]

    static let standard = APICatalog(definitions: LuaDefinitions().render())

    /// The sandbox's own globals, completed without docs.
    static let sandboxGlobals = ["assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select", "tonumber",
                                 "tostring", "type", "rawequal", "rawget", "rawset", "rawlen", "setmetatable",
                                 "getmetatable", "load", "print", "string", "table", "math", "utf8"]

    init(definitions: String) {
        var doc: [String] = []
        var params: [String: String] = [:]
        var fields: [Entry] = []
        var namespaceDoc = ""
        for raw in definitions.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---@class") {
                fields = []
                namespaceDoc = doc.joined(separator: " ")
                doc = []
            } else if line.hasPrefix("---@field ") {
                let parts = line.dropFirst("---@field ".count).split(separator: " ", maxSplits: 2).map(String.init)
                if parts.count >= 2 {
                    fields.append(Entry(name: parts[0], signature: parts[1], doc: parts.count > 2 ? parts[2] : "", isFunction: false))
                }
            } else if line.hasPrefix("---@param ") {
                let parts = line.dropFirst("---@param ".count).split(separator: " ", maxSplits: 1).map(String.init)
                if parts.count == 2 { params[parts[0]] = parts[1] }
            } else if line.hasPrefix("---@") {
                continue
            } else if line.hasPrefix("---") {
                doc.append(String(line.dropFirst(3)))
            } else if line.hasPrefix("function "), let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") {
                let name = String(line[line.index(line.startIndex, offsetBy: 9)..<open])
                if !name.contains(":") {
                    let names = line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    let typed = names.map { n in params[n].map { "\(n): \($0)" } ?? n }
                    entries[name] = Entry(name: name, signature: "\(name)(\(typed.joined(separator: ", ")))",
                                          doc: doc.joined(separator: " "), isFunction: true)
                }
                doc = []
                params = [:]
            } else if let equals = line.range(of: " = {}") {
                let name = String(line[..<equals.lowerBound])
                if name.first?.isLowercase == true {
                    entries[name] = Entry(name: name, signature: name, doc: namespaceDoc, isFunction: false)
                    for f in fields { entries["\(name).\(f.name)"] = Entry(name: "\(name).\(f.name)", signature: f.signature, doc: f.doc, isFunction: false) }
                }
                fields = []
                doc = []
            } else if line.isEmpty {
                doc = []
            }
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
