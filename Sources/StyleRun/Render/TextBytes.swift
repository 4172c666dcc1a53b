import Foundation
import StyleCore

/// A growing buffer of UTF-8 bytes for renderers that write a whole tree: a 10,000-view screen
/// is a hundred thousand lines, and appending bytes in place costs a fraction of building
/// `String`s and their temporaries.
///
///     var out = TextBytes()
///     out.append("StackView")
///     out.append(byte: UInt8(ascii: "\n"))
///     out.array    // [83, 116, …, 10]
///
/// The buffer is `malloc`'s and grows with `realloc`, which moves a large buffer's pages
/// rather than copying them; a renderer hands its bytes out in pieces from it
/// (`TreeTextRenderer.write`), so a screen's text is never copied whole.
struct TextBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        guard let memory = malloc(self.capacity) else { fatalError(Self.outOfMemory(self.capacity)) }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    /// The bytes written so far, valid until the next write, and only while the buffer lives:
    /// read them inside an expression on a variable, not on a temporary.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes as an array (a copy).
    var array: [UInt8] { Array(bytes) }

    /// The bytes as a string (a copy), made while the buffer is surely alive.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Room for `more` bytes: a comparison, inlined into every append; growing is apart.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(more) }
    }

    /// The words of the Swift runtime's own report, which an isolated run's parent reads as the
    /// memory limit reached (`IsolatedRun.ranOutOfMemory`), not as a crash.
    static func outOfMemory(_ bytes: Int) -> String { "Could not allocate memory for \(bytes) bytes of text." }

    private mutating func grow(_ more: Int) {
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        guard let memory = realloc(base, grown) else { fatalError(Self.outOfMemory(grown)) }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }

    mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: from, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// A string's UTF-8 as it is (native strings are already contiguous: no copy).
    mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// Drops the bytes past `count`.
    mutating func truncate(to count: Int) {
        precondition(count <= self.count, "Truncating bytes can only shorten them")
        self.count = count
    }

    // MARK: Values, spelled as `Value.displayText` spells them

    /// `formatNumber(x)`: integers without a fraction, others as Swift prints a `Double`.
    mutating func append(number x: Double) {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 {
            append(integer: Int64(x))
        } else {
            append(String(x))
        }
    }

    mutating func append(integer: Int64) {
        var n = integer.magnitude
        if integer < 0 { append(byte: UInt8(ascii: "-")) }
        // 20 digits hold any UInt64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: n % 10) &+ 48
                n /= 10
            } while n > 0
            append(UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// `Color.displayHex`: `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    mutating func append(hex c: Color) {
        append(c.displayHex)  // at most 9 bytes: a small string, stored inline
    }

    /// `Value.quoted`: double quotes, with quotes, backslashes and control characters escaped.
    mutating func append(quoted s: String) {
        append(byte: UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0  // the start of the bytes not yet copied
            for (i, b) in bytes.enumerated() where b < 0x20 || b == 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(rebasing: bytes[run..<i]))
                run = i + 1
                switch b {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    append("\\u{")
                    append(String(b, radix: 16, uppercase: true))
                    append(byte: UInt8(ascii: "}"))
                }
            }
            append(UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// The value as `Value.displayText` spells it, byte for byte.
    mutating func append(display value: Value) {
        switch value {
        case .number(let x): append(number: x)
        case .int(let i): append(integer: Int64(i))
        case .bool(let b): b ? append("true") : append("false")
        case .string(let s): append(quoted: s)
        case .enumCase(let c): append(c)
        case .color(let c): append(hex: c)
        case .dynamicColor(let c): append(c.description)
        case .insets(let i):
            append(number: i.top)
            append(", ")
            append(number: i.left)
            append(", ")
            append(number: i.bottom)
            append(", ")
            append(number: i.right)
        case .size(let s):
            append(number: s.width)
            append("×")
            append(number: s.height)
        case .image(.named(let name)):
            append("image ")
            append(quoted: name)
        case .image(.color(let c)):
            append("image(")
            append(hex: c)
            append(byte: UInt8(ascii: ")"))
        case .font(let f):
            append(f.name)
            append(byte: UInt8(ascii: " "))
            append(number: f.size)
            if f.weight != .regular {
                append(byte: UInt8(ascii: " "))
                append(f.weight.rawValue)
            }
            if let style = f.textStyle {
                append(byte: UInt8(ascii: " "))
                append(style.rawValue)
            }
            if f.italic { append(" italic") }
            if f.smallCaps { append(" small-caps") }
        case .null:
            append("nil")
        }
    }
}
