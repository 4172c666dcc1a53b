/// Recognizes Lua's 22 reserved words among scanned identifiers.
///
/// A name of at most 8 bytes is packed into a `UInt64` and compared with the keywords of
/// its length, so telling `end` from `ending` costs a few integer compares, not a String.
enum Keywords {
    private static let byLength: [[(packed: UInt64, kind: TokenKind)]] = {
        var table = Array(repeating: [(packed: UInt64, kind: TokenKind)](), count: 9)
        for kind in TokenKind.allCases where kind.isKeyword {
            let spelling = Array(kind.spelling.utf8)
            table[spelling.count].append((pack(spelling[...]), kind))
        }
        return table
    }()

    @inline(__always) private static func pack<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            packed |= UInt64(byte) << shift
            shift += 8
        }
        return packed
    }

    static func kind(of name: UnsafeBufferPointer<UInt8>) -> TokenKind? {
        let count = name.count
        guard count >= 2, count <= 8, name[0] >= UInt8(ascii: "a"), name[0] <= UInt8(ascii: "w") else { return nil }
        let packed = pack(name)
        for candidate in byLength[count] where candidate.packed == packed { return candidate.kind }
        return nil
    }
}
