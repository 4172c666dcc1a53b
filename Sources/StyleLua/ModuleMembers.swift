import CLua
import CLuaShim
import Foundation
import StyleCore

// Modules as the stylerun API sees them: which exist (for `require`'s did-you-mean), and what
// reading a member a module's table lacks does (REFERENCE §1.9).
extension Evaluation {
    /// The name of the metatable given to modules' tables.
    static let moduleMetatable = "stylerun.module"

    /// Gives the module table on top of the stack a metatable whose `__index` reports a missing
    /// member: always for a stdlib module (its members are API, `base.roundedStyl` is a typo),
    /// and for the script's own modules when the name is close to one the table has, so that
    /// `if config.debug then` can still test for a field that is not there. A table that has a
    /// metatable of its own keeps it.
    ///
    /// stack: …, module (unchanged)
    func guardMembers(ofModuleOnTop name: String, strict: Bool) {
        let L = vm.L
        guard lua_type(L, -1) == LUA_TTABLE, lua_getmetatable(L, -1) == 0 else {
            if lua_type(L, -1) == LUA_TTABLE { srlua_pop(L, 1) }  // the table's own metatable
            return
        }
        srlua_newtable(L)  // stack: module, mt
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // stack: module, key
            guard let key = self.vm.string(at: 2), lua_type(self.vm.L, 2) == LUA_TSTRING else {
                lua_pushnil(self.vm.L)
                return 1
            }
            let members = self.keys(ofTableAt: 1)
            let misuse = APIMisuse.unknownMember(owner: name, name: key, members: members)
            guard strict || misuse.suggestion != nil else {
                lua_pushnil(self.vm.L)
                return 1
            }
            throw self.failure(.misuse(misuse), pointingAt: [key])
        }
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)  // stack: module
    }

    /// Every module `require` could load from `roots`, by the name it is required by
    /// (`styles.buttons` for `styles/buttons.lua`), two folders deep.
    static func moduleNames(in roots: [String]) -> [String] {
        var names = Set<String>()
        let fm = FileManager.default
        for root in roots {
            guard let entries = try? fm.contentsOfDirectory(atPath: root) else { continue }
            for entry in entries {
                if entry.hasSuffix(".lua") { names.insert(String(entry.dropLast(4))) }
                let folder = (root as NSString).appendingPathComponent(entry)
                guard !entry.hasPrefix("."), let inner = try? fm.contentsOfDirectory(atPath: folder) else { continue }
                for file in inner where file.hasSuffix(".lua") { names.insert(entry + "." + file.dropLast(4)) }
            }
        }
        return names.sorted()
    }
}
