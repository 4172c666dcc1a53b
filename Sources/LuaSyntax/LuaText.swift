/// Lua's ways of turning bytes into message text and code points into bytes.
enum LuaText {
    /// `'text'` as `luaO_pushfstring("'%s'")` prints it: C strings end at the first NUL byte.
    static func quoted<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let visible = bytes.prefix { $0 != 0 }
        return "'" + String(decoding: visible, as: UTF8.self) + "'"
    }

    /// `luac`'s rendering of a single-byte token: `'@'`, or `'<\1>'` for a control byte.
    static func quotedByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "'<\\\(byte)>'"
    }

    /// Appends `value` the way `luaO_utf8esc` encodes it: UTF-8 extended to 31 bits (up to six
    /// bytes), because Lua's `\u{…}` escape accepts values up to 2^31 - 1, surrogates included.
    static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        if value < 0x80 {
            bytes.append(UInt8(value))
            return
        }
        var continuation: [UInt8] = []
        var x = value
        var firstByteMax: UInt32 = 0x3F
        repeat {
            continuation.append(UInt8(0x80 | (x & 0x3F)))
            x >>= 6
            firstByteMax >>= 1
        } while x > firstByteMax
        bytes.append(UInt8(truncatingIfNeeded: (~firstByteMax << 1) | x))
        bytes.append(contentsOf: continuation.reversed())
    }
}
