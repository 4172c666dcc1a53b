import Foundation

/// A loaded chunk's text as UTF-8 bytes, with where each line starts: what columns, carets and
/// key locations are found in.
///
/// Every view a script builds asks for the column of its constructor and of each key it sets,
/// so these searches run over bytes in place, without copying a line or counting Characters
/// (both were most of building a 10,000-view screen).
///
///     let text = ChunkText("local x = 1\nreturn x\n")
///     text.column(of: "x", line: 2, wholeWord: true)    // 8
final class ChunkText {
    /// The chunk's text, whose UTF-8 is searched in place (a copy of a screen script's bytes
    /// was 750 KB of fresh pages).
    private let source: String
    /// The number of bytes.
    let count: Int
    /// The byte offset where each line starts; lines end at `\n` (a `\r` before it stays in the line).
    let lineStarts: [Int]

    /// Whether every byte is ASCII: then a column is a byte offset, with nothing to count.
    let isASCII: Bool

    init(_ source: String) {
        var source = source
        source.makeContiguousUTF8()
        self.source = source
        (count, lineStarts, isASCII) = source.utf8.withContiguousStorageIfAvailable { bytes in
            var starts = [0]
            var high: UInt64 = 0
            guard let base = bytes.baseAddress else { return (0, starts, true) }
            // memchr finds the line ends; the ASCII test ORs eight bytes at a time.
            var i = 0
            while let hit = memchr(base + i, Int32(UInt8(ascii: "\n")), bytes.count - i) {
                i = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                starts.append(i)
            }
            var j = 0
            while j + 8 <= bytes.count {
                high |= UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                j += 8
            }
            while j < bytes.count {
                high |= UInt64(bytes[j])
                j += 1
            }
            return (bytes.count, starts, high & 0x8080_8080_8080_8080 == 0)
        }!
    }

    /// Runs `body` over the chunk's bytes.
    @inline(__always)
    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        source.utf8.withContiguousStorageIfAvailable(body)!
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of a 1-based line, without its `\n`.
    func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : count
        return start..<end
    }

    /// `body` with the bytes of a 1-based line, without its `\n`, in place; nil past the
    /// chunk's lines.
    func withLine<R>(_ line: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard line >= 1, line <= lineCount else { return nil }
        let range = lineRange(line)
        return withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    private static func isWord(_ c: UInt8) -> Bool {
        c == 95 || (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122)
    }

    /// The byte offset of the first `needle` on a line (as a whole word when asked), or nil.
    func offset(of needle: String, line: Int, wholeWord: Bool) -> Int? {
        guard line >= 1, line <= lineCount, !needle.isEmpty else { return nil }
        let range = lineRange(line)
        return needle.utf8.withContiguousStorageIfAvailable { n in
            withBytes { text -> Int? in
                guard n.count <= range.count, let base = text.baseAddress else { return nil }
                var i = range.lowerBound
                let last = range.upperBound - n.count  // the last offset a match can start at
                while i <= last {
                    // memchr finds the next first byte: a line is searched for every key a constructor sets.
                    guard let hit = memchr(base + i, Int32(n[0]), last - i + 1) else { return nil }
                    i = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    if memcmp(base + i, n.baseAddress!, n.count) == 0 {
                        let before = !wholeWord || i == range.lowerBound || !Self.isWord(text[i - 1])
                        let after = !wholeWord || i + n.count == range.upperBound || !Self.isWord(text[i + n.count])
                        if before && after { return i }
                    }
                    i += 1
                }
                return nil
            }
        } ?? offset(of: String(decoding: Array(needle.utf8), as: UTF8.self), line: line, wholeWord: wholeWord)
    }

    /// The 1-based column, in Characters as editors and carets count them, of a byte offset.
    func column(at offset: Int, line: Int) -> Int {
        let start = lineStarts[line - 1]
        if isASCII { return offset - start + 1 }
        return withBytes { bytes in
            let line = UnsafeBufferPointer(rebasing: bytes[start..<offset])
            if line.allSatisfy({ $0 < 0x80 }) { return offset - start + 1 }
            return String(decoding: line, as: UTF8.self).count + 1
        }
    }

    /// The 1-based column of the first `needle` on a line, or nil.
    func column(of needle: String, line: Int, wholeWord: Bool) -> Int? {
        offset(of: needle, line: line, wholeWord: wholeWord).map { column(at: $0, line: line) }
    }

    /// Where `key =` (not `==`) is written, searching from `line` down through `lines` lines:
    /// the line and column of the key.
    func assignment(of key: String, from line: Int, within lines: Int) -> (line: Int, column: Int)? {
        guard line >= 1 else { return nil }
        var current = line
        while current <= min(lineCount, line + lines) {
            if let at = offset(of: key, line: current, wholeWord: true) {
                let end = lineRange(current).upperBound
                let isAssignment = withBytes { bytes in
                    var i = at + key.utf8.count
                    while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
                    return i < end && bytes[i] == UInt8(ascii: "=") && (i + 1 == end || bytes[i + 1] != UInt8(ascii: "="))
                }
                if isAssignment { return (current, column(at: at, line: current)) }
            }
            current += 1
        }
        return nil
    }
}
