import CLua
import CLuaShim
import Foundation
import StyleCore

// require "a.b": the script's folder, then the stdlib; text only, inside those roots, once per
// evaluation, cycles are errors (REFERENCE §1.9).
extension Evaluation {
    func installModuleBindings() {
        setGlobalFunction("require") { e throws(ScriptError) in try e.require() }
    }

    /// A path as diagnostics show it: relative to the working folder when it lies inside it.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let standardized = (path as NSString).standardizingPath
        guard standardized.hasPrefix("/"), standardized.hasPrefix(cwd + "/") else { return path }
        return String(standardized.dropFirst(cwd.count + 1))
    }

    private func require() throws(ScriptError) -> Int32 {
        let L = vm.L
        guard let name = vm.string(at: 1) else { throw badArgument("require", 1, expected: "a module name like \"base\"", index: 1) }
        if Sandbox.libraries.contains(where: { $0.name == name }) {
            lua_getfield(L, srlua_registryindex(), Sandbox.libraryKey(name))  // stack: name, library
            return 1
        }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !segments.isEmpty, segments.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else {
            throw failure(.badModuleName(name), pointingAt: ["\"\(name)\"", "require"])
        }
        let relative = segments.joined(separator: "/") + ".lua"
        var roots = [scriptFolder]
        roots += options.stdlibPaths
        var found: (display: String, resolved: String)?
        for root in roots {
            let candidate = root == "." ? relative : (root as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            // Through URLs, so that a relative root (a script run from its own folder, ".")
            // is resolved against the working folder like the candidate.
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            let rootResolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(rootResolved.hasSuffix("/") ? rootResolved : rootResolved + "/") else {
                throw failure(.moduleOutsideFolder(name), pointingAt: ["\"\(name)\""])
            }
            found = (Self.displayPath(candidate), resolved)
            break
        }
        guard let found else {
            let paths = roots.map { $0 == "." ? relative : ($0 as NSString).appendingPathComponent(relative) }
            let near = Suggestion.closest(to: name, among: Self.moduleNames(in: roots))
            throw failure(.moduleNotFound(name, lookedFor: paths, suggestion: near), pointingAt: ["\"\(name)\"", "require"])
        }
        if let ref = moduleResults[found.resolved] {
            lua_rawgeti(L, srlua_registryindex(), lua_Integer(ref))
            return 1
        }
        if let start = loadingModules.firstIndex(of: found.resolved) {
            let cycle = (loadingModules[start...] + [found.resolved]).map { ($0 as NSString).lastPathComponent }
            throw failure(.requireCycle(cycle), pointingAt: ["\"\(name)\"", "require"])
        }
        let source: String
        do {
            source = try SourceFile.read(found.display, limits: options.limits)
        } catch {
            throw failure(.unreadableModule(error), pointingAt: ["\"\(name)\""])
        }
        loadingModules.append(found.resolved)
        defer { loadingModules.removeLast() }
        if !files.contains(found.display) { files.append(found.display) }
        moduleNames[found.display] = name
        try vm.load(source: SourceFile.withoutFirstLineComment(source), chunk: found.display)  // stack: name, chunk
        lua_pushstring(L, name)
        try vm.protectedCall(nargs: 1, nresults: 1)        // stack: name, result
        if srlua_isnil(L, -1) != 0 {
            srlua_pop(L, 1)
            lua_pushboolean(L, 1)
        }
        let isStdlib = options.stdlibPaths.contains { found.resolved.hasPrefix(URL(fileURLWithPath: $0).resolvingSymlinksInPath().path + "/") }
        guardMembers(ofModuleOnTop: name, strict: isStdlib)
        lua_pushvalue(L, -1)
        moduleResults[found.resolved] = luaL_ref(L, srlua_registryindex())
        return 1
    }
}
