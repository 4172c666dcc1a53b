/// Converts the text of a numeral, as Lua's `luaO_str2num` does on what `read_numeral` read.
///
/// Lua reads a numeral greedily (digits, hex digits, dots, exponents, one trailing letter)
/// and only then decides whether the text is a number at all, which is why `3..2`, `0x`, `1e`
/// and `08f` are "malformed number" errors. Integers that overflow become floats, except
/// hexadecimal ones, which wrap around modulo 2^64.
enum NumeralConversion {
    static func value(of text: UnsafeBufferPointer<UInt8>) -> NumberValue? {
        if let integer = integer(text) { return .integer(integer) }
        return float(text).map(NumberValue.float)
    }

    private static func isHexPrefixed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count >= 2 && text[0] == UInt8(ascii: "0") && (text[1] | 0x20) == UInt8(ascii: "x")
    }

    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: UInt64 = 0
        if isHexPrefixed(text) {
            guard text.count > 2 else { return nil }
            for byte in text[2...] {
                guard let digit = hexValue(byte) else { return nil }
                value = value &* 16 &+ UInt64(digit)
            }
            return Int64(bitPattern: value)
        }
        let maxByTen = UInt64(Int64.max) / 10
        let maxLastDigit = UInt64(Int64.max) % 10
        guard !text.isEmpty else { return nil }
        for byte in text {
            guard isDigit(byte) else { return nil }
            let digit = UInt64(byte - UInt8(ascii: "0"))
            if value >= maxByTen && (value > maxByTen || digit > maxLastDigit) { return nil }
            value = value * 10 + digit
        }
        return Int64(value)
    }

    /// The grammar `strtod` accepts, checked here so acceptance never depends on a platform's
    /// parser; the value itself comes from Swift's correctly rounded conversion.
    private static func float(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let hex = isHexPrefixed(text)
        var i = hex ? 2 : 0
        var digits = 0
        func isMantissaDigit(_ c: UInt8) -> Bool { hex ? hexValue(c) != nil : isDigit(c) }
        while i < text.count, isMantissaDigit(text[i]) { i += 1; digits += 1 }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < text.count, isMantissaDigit(text[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if i < text.count, (text[i] | 0x20) == (hex ? UInt8(ascii: "p") : UInt8(ascii: "e")) {
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < text.count, isDigit(text[i]) { i += 1 }
            guard i > exponentStart else { return nil }
        }
        guard i == text.count else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        if let value = Double(string) { return value }
        // Out-of-range exponents: strtod saturates, and so does Lua.
        return string.contains(where: { $0 == "-" }) ? 0 : .infinity
    }
}
