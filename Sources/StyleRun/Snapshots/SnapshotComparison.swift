import Foundation
import StyleCore
import StyleLayout

/// A snapshot file read back: its views and properties with the compared text, and each line
/// as it was written (kept when `--update` rewrites the file, so that a diff shows only what
/// changed).
///
///     let recorded = try RecordedSnapshot(text: String(contentsOfFile: path, encoding: .utf8))
///     recorded.differences(to: StyleSnapshot(root))    // [#subscribe titleColor: #000000 → #FFFFFF …]
public struct RecordedSnapshot: Sendable {
    public struct Property: Sendable {
        public var path: String
        public var value: String
        /// The line as written, without its newline.
        public var line: String {
            get { String(written) }
            set { written = Substring(newValue) }
        }
        /// The line, as a slice of the file's text: a recording of every property of 20,000
        /// views keeps no string of its own per line.
        private var written: Substring

        public init(path: String, value: String, line: String) {
            self.init(path: path, value: value, written: Substring(line))
        }

        init(path: String, value: String, written: Substring) {
            self.path = path
            self.value = value
            self.written = written
        }
    }

    public struct ViewRecord: Sendable {
        public var reference: String
        public var kindAndClasses: String
        public var properties: [Property]
    }

    public var views: [ViewRecord]

    /// Why a file is not a stylerun snapshot: a line that is neither a comment, a view nor a
    /// property, or a view (or a view's property) recorded twice, which would make the
    /// comparison see only one of them.
    public struct FormatError: Error, Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            case notASnapshotLine
            /// The view on `line` was already recorded on `firstLine`.
            case repeatedView(reference: String, firstLine: Int)
            /// The property on `line` was already recorded for its view on `firstLine`.
            case repeatedProperty(view: String, path: String, firstLine: Int)
        }

        public var line: Int
        public var reason: Reason

        public init(line: Int, reason: Reason = .notASnapshotLine) {
            self.line = line
            self.reason = reason
        }

        /// What is wrong, for a comparison that stops at it.
        public var message: String { problem + "; re-record it with `stylerun snapshot --update`." }

        /// What is wrong, for `--update`, which records the file anew.
        public var replacedMessage: String {
            switch reason {
            case .notASnapshotLine: "Line \(line) of the old file was not part of a stylerun snapshot; it was recorded anew."
            default: problem + " in the old file; it was recorded anew."
            }
        }

        private var problem: String {
            switch reason {
            case .notASnapshotLine:
                "Line \(line) is not part of a stylerun snapshot"
            case .repeatedView(let reference, let first):
                "Lines \(first) and \(line) both record the view '\(reference)' (a snapshot records each view once)"
            case .repeatedProperty(let view, let path, let first):
                "Lines \(first) and \(line) both record '\(path)' of the view '\(view)' (a snapshot records each property once)"
            }
        }
    }

    /// Reads the text `StyleSnapshot.text(title:)` writes. Lines may end in CRLF (a checkout
    /// with git's `autocrlf`): they are read as if they ended in LF, and rewritten with LF.
    ///
    /// - Throws: `FormatError` for a line that is not a comment (`# …`, before the first
    ///   view), a view (`REFERENCE  Kind.classes`) or a property (`  path: value [← note]`),
    ///   or for a view, or a property of one view, recorded a second time.
    public init(text: String) throws(FormatError) {
        var views: [ViewRecord] = []
        var viewLines: [String: Int] = [:]
        var propertyLines: [String: Int] = [:]
        var inHeader = true
        // One path string for every property of that path, not one per line.
        var paths: [Substring: String] = [:]
        // Lines are slices of `text`, split at "\n" by bytes: "\r\n" is one Character and would
        // not split at "\n", and an array of every line would be a copy of the file.
        let utf8 = text.utf8
        var start = text.startIndex
        var number = 0
        while start < text.endIndex {
            let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var end = newline
            if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
            let line = text[start..<end]
            start = newline == text.endIndex ? newline : utf8.index(after: newline)
            number += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            if inHeader, line.hasPrefix("# ") || line == "#" { continue }
            inHeader = false
            if line.hasPrefix("  ") {
                guard let view = views.last, let property = Self.property(line, paths: &paths) else { throw FormatError(line: number) }
                if let first = propertyLines.updateValue(number, forKey: property.path) {
                    throw FormatError(line: number, reason: .repeatedProperty(view: view.reference, path: property.path, firstLine: first))
                }
                views[views.count - 1].properties.append(property)
            } else {
                guard let split = line.range(of: "  ", options: .backwards) else { throw FormatError(line: number) }
                let reference = String(line[..<split.lowerBound])
                if let first = viewLines.updateValue(number, forKey: reference) {
                    throw FormatError(line: number, reason: .repeatedView(reference: reference, firstLine: first))
                }
                propertyLines = [:]
                views.append(ViewRecord(reference: reference, kindAndClasses: String(line[split.upperBound...]), properties: []))
            }
        }
        self.views = views
    }

    /// `  path: value  ← note` → the path, the value (up to the note, outside quotes) and the line.
    private static func property(_ line: Substring, paths: inout [Substring: String]) -> Property? {
        let body = line.dropFirst(2)
        guard let colon = body.range(of: ": ") else { return nil }
        let spelled = body[..<colon.lowerBound]
        guard !spelled.isEmpty, !spelled.contains(" ") else { return nil }
        let path = paths[spelled] ?? String(spelled)
        paths[spelled] = path
        var value = ""
        var inString = false, escaped = false
        var rest = body[colon.upperBound...]
        while let c = rest.first {
            if !inString, rest.hasPrefix(" ←") { break }
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            }
            value.append(c)
            rest = rest.dropFirst()
        }
        while value.hasSuffix(" ") { value.removeLast() }
        return Property(path: path, value: value, written: line)
    }

    // MARK: Comparing

    /// What differs in `current` from this recording, in `current`'s order, then the views it
    /// no longer has.
    public func differences(to current: StyleSnapshot) -> [SnapshotDifference] {
        var old: [String: ViewRecord] = [:]
        for v in views where old[v.reference] == nil { old[v.reference] = v }
        var out: [SnapshotDifference] = []
        for view in current.views.lazy.map(\.asWritten) {
            guard let before = old.removeValue(forKey: view.reference) else {
                out.append(SnapshotDifference(view: view.reference, property: nil, old: nil, new: view.kindAndClasses, source: nil))
                continue
            }
            if before.kindAndClasses != view.kindAndClasses {
                out.append(SnapshotDifference(view: view.reference, property: nil, old: before.kindAndClasses,
                                              new: view.kindAndClasses, source: nil))
                // Another kind has other properties: comparing them would only repeat that.
                if Self.kind(before.kindAndClasses) != Self.kind(view.kindAndClasses) { continue }
            }
            var oldValues: [String: String] = [:]
            for p in before.properties { oldValues[p.path] = p.value }
            for p in view.properties {
                let was = oldValues.removeValue(forKey: p.path)
                if !Self.same(was, p.value, path: p.path) {
                    out.append(SnapshotDifference(view: view.reference, property: p.path, old: was, new: p.value, source: p.source))
                }
            }
            for p in before.properties where oldValues[p.path] != nil {
                out.append(SnapshotDifference(view: view.reference, property: p.path, old: p.value, new: nil, source: nil))
            }
        }
        for v in views where old.removeValue(forKey: v.reference) != nil {
            out.append(SnapshotDifference(view: v.reference, property: nil, old: v.kindAndClasses, new: nil, source: nil))
        }
        return out
    }

    /// The text for `current` that keeps this recording's lines wherever they still hold, so
    /// that re-recording changes only the lines of what changed (and their notes).
    public func updatedText(for current: StyleSnapshot, title: String, folder: String? = nil) -> String {
        var old: [String: ViewRecord] = [:]
        for v in views where old[v.reference] == nil { old[v.reference] = v }
        var out = StyleSnapshot.header(title: title)
        var paths = DisplayPaths(folder: folder)
        for view in current.views.lazy.map(\.asWritten) {
            out += "\n" + StyleSnapshot.line(for: view)
            var lines: [String: Property] = [:]
            for p in old[view.reference]?.properties ?? [] { lines[p.path] = p }
            for p in view.properties {
                if let kept = lines[p.path], Self.same(kept.value, p.value, path: p.path) {
                    out += kept.line + "\n"
                } else {
                    out += StyleSnapshot.line(for: p, paths: &paths)
                }
            }
        }
        return out
    }

    /// Whether a recorded value still holds: the same text, or for a frame, every edge within
    /// `frameTolerance` (a font's new hinting should not fail every snapshot).
    static func same(_ recorded: String?, _ current: String, path: String) -> Bool {
        guard let recorded else { return false }
        if recorded == current { return true }
        guard path == StyleSnapshot.framePath, let a = frame(recorded), let b = frame(current) else { return false }
        return a.isClose(to: b, tolerance: StyleSnapshot.frameTolerance)
    }

    /// `x,y w×h` read back.
    static func frame(_ text: String) -> Frame? {
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let origin = parts[0].split(separator: ","), size = parts[1].split(separator: "×")
        guard origin.count == 2, size.count == 2, let x = Double(origin[0]), let y = Double(origin[1]),
              let w = Double(size[0]), let h = Double(size[1]) else { return nil }
        return Frame(x: x, y: y, width: w, height: h)
    }

    private static func kind(_ kindAndClasses: String) -> Substring {
        kindAndClasses.split(separator: ".", maxSplits: 1).first ?? ""
    }
}

/// One difference between a recorded snapshot and the tree now: a property's value, or a view
/// that is new, gone, or of another kind or classes.
public struct SnapshotDifference: Sendable, Hashable, CustomStringConvertible {
    /// `View.reference` of the view.
    public var view: String
    /// The property's path; nil for a difference of the view itself.
    public var property: String?
    /// The recorded text; nil for a view or property that is new.
    public var old: String?
    /// The text now; nil for a view or property that is gone.
    public var new: String?
    /// What sets the new value now, with its `file:line`; nil for the kind's default.
    public var source: StyleSnapshot.Source?

    public init(view: String, property: String?, old: String?, new: String?, source: StyleSnapshot.Source?) {
        self.view = view
        self.property = property
        self.old = old
        self.new = new
        self.source = source
    }

    /// The most characters of a value a report shows; a longer one is cut there and says how
    /// long it is in all, so that one 5 MB string does not drown the report.
    public static let reportedValueLength = 200

    /// `text` as a report shows it: whole up to `reportedValueLength` characters, else its
    /// start, `…` and its length (`"aaaa… (5242882 characters in all)`).
    public static func reported(_ text: String) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < reportedValueLength {
            end = text.index(after: end)
            count += 1
        }
        guard end < text.endIndex else { return text }
        return text[..<end] + "… (\(text.count) characters in all)"
    }

    /// `#subscribe  titleColor: #000000 → #FFFFFF`, `#caption  new view Label.caption`, with
    /// each value cut to `reportedValueLength` characters.
    public var summary: String {
        let old = self.old.map(Self.reported), new = self.new.map(Self.reported)
        guard let property else {
            switch (old, new) {
            case (nil, let new?): return "\(view)  new view \(new)"
            case (let old?, nil): return "\(view)  view removed (was \(old))"
            default: return "\(view)  \(old ?? "") → \(new ?? "")"
            }
        }
        return "\(view)  \(property): \(old ?? "(not recorded)") → \(new ?? "(no such property)")"
    }

    /// What sets the value now: `set by rule "Button.primary" at subscribe.lua:12`, after the
    /// token it came from when it came from one (`from token color.danger (brand.tokens.json:4),
    /// set by …`), or that it is the kind's default; nil for a difference of the view itself.
    public var setBy: String? {
        guard property != nil, new != nil else { return nil }
        if property == StyleSnapshot.framePath { return "computed by the layout (edges compared within \(Frame.number(StyleSnapshot.frameTolerance)) points)" }
        guard let source else { return "now the kind's default" }
        let set = source.line > 0 ? "set by \(source.origin) at \(source.file):\(source.line)" : "set by \(source.origin)"
        // A token's edit restyles many screens: the token and its line come first.
        return source.token.map { "from \($0), " + set } ?? set
    }

    public var description: String { summary + (setBy.map { " (\($0))" } ?? "") }
}

extension RecordedSnapshot {
    /// Whether `text` records exactly `current`'s views, kinds, classes and values, in order,
    /// whatever its notes say: what a run in which nothing changed finds for every file of a
    /// matrix, answered in one pass over the bytes instead of reading the file into records.
    /// False means only "not certainly": the caller then reads and compares it in full.
    ///
    ///     if RecordedSnapshot.matches(text, snapshot) { return .matched }
    static func matches(_ text: String, _ current: StyleSnapshot) -> Bool {
        var text = text
        return text.withUTF8 { matches(UnsafeRawBufferPointer($0), current) }
    }

    /// `matches(_:_:)` on a file's bytes as read. Only the compared text is read (the views'
    /// lines and each property's value, which must be `current`'s own UTF-8 byte for byte):
    /// comments and notes are skipped unread, so a file that matches need not be checked as
    /// text first.
    static func matches(_ bytes: [UInt8], _ current: StyleSnapshot) -> Bool {
        bytes.withUnsafeBytes { matches($0, current) }
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, _ current: StyleSnapshot) -> Bool {
        guard let base = bytes.baseAddress else { return current.views.isEmpty }
        var i = 0
        /// The next line that is not blank, without its line end; nil at the end.
        func nextLine(skippingComments: Bool) -> Range<Int>? {
            while i < bytes.count {
                let start = i
                // The line's end found by `memchr`: a file is mostly long notes.
                if let newline = memchr(base + i, 0x0A, bytes.count - i) {
                    i = base.distance(to: UnsafeRawPointer(newline))
                } else {
                    i = bytes.count
                }
                var end = i
                if i < bytes.count { i += 1 }
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                var blank = true
                for k in start..<end where bytes[k] != 0x20 && bytes[k] != 0x09 && bytes[k] != 0x0D {
                    blank = false
                    break
                }
                if blank { continue }
                if skippingComments, bytes[start] == UInt8(ascii: "#"), end == start + 1 || bytes[start + 1] == 0x20 { continue }
                return start..<end
            }
            return nil
        }
        /// Whether the text at `k` (before `end`) is `part`; moves `k` past it when it is.
        func skip(_ part: String, at k: inout Int, before end: Int) -> Bool {
            let same = part.utf8.withContiguousStorageIfAvailable { p -> Bool in
                guard p.count <= end - k else { return false }
                guard p.count == 0 || memcmp(p.baseAddress!, base + k, p.count) == 0 else { return false }
                k += p.count
                return true
            }
            if let same { return same }
            // A bridged string without contiguous UTF-8: byte by byte.
            let utf8 = part.utf8
            guard utf8.count <= end - k, utf8.elementsEqual(bytes[k..<(k + utf8.count)]) else { return false }
            k += utf8.count
            return true
        }
        var inHeader = true
        for view in current.views.lazy.map(\.asWritten) {
            guard let line = nextLine(skippingComments: inHeader) else { return false }
            inHeader = false
            /// Whether the two bytes at `k` (before `end`) are `first` and `second`; moves `k` past them when they are.
            func skipPair(_ first: UInt8, _ second: UInt8, at k: inout Int, before end: Int) -> Bool {
                guard end - k >= 2, bytes[k] == first, bytes[k + 1] == second else { return false }
                k += 2
                return true
            }
            var k = line.lowerBound
            guard skip(view.reference, at: &k, before: line.upperBound), skipPair(0x20, 0x20, at: &k, before: line.upperBound),
                  skip(view.kindAndClasses, at: &k, before: line.upperBound), k == line.upperBound else { return false }
            for p in view.properties {
                guard let line = nextLine(skippingComments: false) else { return false }
                var k = line.lowerBound
                // "  path: value"
                guard skipPair(0x20, 0x20, at: &k, before: line.upperBound), skip(p.path, at: &k, before: line.upperBound),
                      skipPair(UInt8(ascii: ":"), 0x20, at: &k, before: line.upperBound), skip(p.value, at: &k, before: line.upperBound)
                else { return false }
                // Then nothing, or spaces and the note: "  ← …".
                guard k < line.upperBound else { continue }
                let spaces = k
                while k < line.upperBound, bytes[k] == 0x20 { k += 1 }
                guard k == line.upperBound || (k > spaces && skip("←", at: &k, before: line.upperBound)) else { return false }
            }
        }
        return nextLine(skippingComments: inHeader) == nil
    }
}
