import CLua
import CLuaShim
import Foundation
import Synchronization

/// Chunks this process compiled, by chunk name and text: a chunk loaded again with the very same
/// text (every `require` of a module, the script itself at a theme switch or a save of another
/// file) is loaded from its compiled form instead of being parsed again, as Python keeps `.pyc`.
///
/// Only what the process compiled itself from text is kept and loaded (`srlua_dumpfunction`,
/// `srlua_loaddumped`), with its debug information, so line numbers and names in messages are
/// the text's. At most `byteLimit` bytes of compiled code are kept, the least recently used
/// chunks let go first.
enum CompiledChunks {
    static let byteLimit = 32 << 20

    private struct Entry {
        let source: String
        let code: [UInt8]
        var lastUse: Int
    }

    private struct Table {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock = 0
    }

    private static let table = Mutex(Table())

    /// The compiled form of `chunk` when it was compiled from exactly `source`.
    static func code(chunk: String, source: String) -> [UInt8]? {
        table.withLock { table in
            guard var entry = table.entries[chunk], entry.source == source else { return nil }
            table.clock += 1
            entry.lastUse = table.clock
            table.entries[chunk] = entry
            return entry.code
        }
    }

    /// Keeps `code`, compiled from `source`, for `chunk`.
    static func remember(chunk: String, source: String, code: [UInt8]) {
        guard code.count <= byteLimit / 4 else { return }
        table.withLock { table in
            table.clock += 1
            if let old = table.entries.updateValue(Entry(source: source, code: code, lastUse: table.clock), forKey: chunk) {
                table.bytes -= old.code.count
            }
            table.bytes += code.count
            while table.bytes > byteLimit, let oldest = table.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                table.bytes -= oldest.value.code.count
                table.entries[oldest.key] = nil
            }
        }
    }

    /// How many chunks are kept (for tests).
    static var count: Int { table.withLock { $0.entries.count } }
}

extension LuaVM {
    /// Loads `source` as chunk `chunk`: from its compiled form when this process compiled the
    /// same text before, else from the text, remembering what it compiled. Returns Lua's status.
    func loadCompiling(source: String, chunk: String) -> Int32 {
        let name = "@" + chunk
        if let code = CompiledChunks.code(chunk: chunk, source: source) {
            return code.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { srlua_loaddumped(L, $0.baseAddress, $0.count, name) }
            }
        }
        // Lua reads the string's own UTF-8 (a C string copy of a screen's script was 750 KB of
        // fresh pages).
        var text = source
        let status = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { srlua_loadtext(L, $0.baseAddress, $0.count, name) }
        }
        guard status == LUA_OK else { return status }
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        if srlua_dumpfunction(L, &data, &length) == 0, let data {
            defer { free(data) }
            let code = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            CompiledChunks.remember(chunk: chunk, source: source, code: code)
        }
        return status
    }
}
