// libFuzzer target: the LuaSyntax parser over arbitrary bytes. Any input may be rejected with a
// SyntaxError; none may crash, hang or read out of bounds. Built and run by scripts/fuzz.
import LuaSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? LuaParser.parse(source: bytes, chunkName: "fuzz.lua")
    _ = try? LuaParser.parse(source: bytes, chunkName: "fuzz.lua", skipsFirstLineComment: false)
    return 0
}
