import CLua
import CLuaShim
import StyleCore

// Names for styles, so that explain says `finePrintStyle` or `base.primaryButtonStyle`
// rather than "style #1" (REFERENCE §1.4, §2.1).
extension Evaluation {
    /// The script frames running now, innermost first: where a style being made was asked for,
    /// through the helper functions that made it.
    func scriptFrames(limit: Int = 16) -> [SourceLocation] {
        var frames: [SourceLocation] = []
        var level: Int32 = 1
        var source: UnsafePointer<CChar>?
        while frames.count < limit {
            source = nil
            let line = srlua_currentline(vm.L, level, &source)
            if line == 0 && source == nil { break }  // no frame at this level
            if line > 0, let source {
                frames.append(SourceLocation(file: vm.chunkName(source), line: Int(line)))
            }
            level += 1
        }
        return frames
    }

    /// Gives a style just made the name its line binds it to, looking outwards through the
    /// helper frames (`return concat(…)` inside `fontStyle` is named by
    /// `local finePrintStyle = fontStyle(14, "medium")`), and the call sites it came through.
    /// `frames`: the call's `scriptFrames()`. Named in place: a style passed and returned by
    /// value was copied twice.
    func name(_ style: inout Style, frames: [SourceLocation]) {
        if frames.count > 1 { style.callSites = Array(frames.dropFirst()) }
        for frame in frames {
            let binding = lineBinding(at: frame)
            if case .name(let name) = binding {
                style.name = name
                break
            }
            // A `return` hands the style to the caller, whose line may bind it; anything else
            // (an argument, a table entry) leaves it unnamed.
            guard case .returned = binding else { break }
        }
    }

    /// What the line at `frame` does with a style made on it, looked at once per line.
    private func lineBinding(at frame: SourceLocation) -> LineBinding {
        if let known = lineBindings.binding(frame) { return known }
        var binding = LineBinding.none
        // One line from the chunk's bytes: splitting the whole chunk into lines for the first
        // style made was a twentieth of evaluating a 13,000-line screen.
        let found = vm.text(of: frame.file)?.withLine(frame.line, Self.binding(of:))
        if let name = found?.name {
            binding = .name(qualified(name, in: frame.file))
        } else if found?.returns == true {
            binding = .returned
        }
        lineBindings.remember(binding, at: frame)
        return binding
    }

    /// The name a line binds what it makes to (`finePrintStyle` of `local finePrintStyle = …`,
    /// `base.primaryButtonStyle` of `base.primaryButtonStyle = …`, `primary` of a table field
    /// `primary = …`; nil otherwise), and whether the line returns it. Read on the line's
    /// bytes: Lua names are ASCII, so a byte beyond it ends a name as any other character does
    /// (Characters made it 9,000 instructions a line, and views of a substring's bytes 6,000,
    /// for every line a style is made on).
    static func binding(of line: UnsafeBufferPointer<UInt8>) -> (name: String?, returns: Bool) {
        func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        func isLetter(_ b: UInt8) -> Bool { (b | 32) >= UInt8(ascii: "a") && (b | 32) <= UInt8(ascii: "z") }
        func isNamePart(_ b: UInt8) -> Bool {
            isLetter(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
        }
        func starts(at i: Int, with word: StaticString) -> Bool {
            guard line.count - i >= word.utf8CodeUnitCount else { return false }
            return (0..<word.utf8CodeUnitCount).allSatisfy { line[i + $0] == word.utf8Start[$0] }
        }
        var i = 0
        while i < line.count, isSpace(line[i]) { i += 1 }
        let returns = starts(at: i, with: "return")
        if starts(at: i, with: "local ") {
            i += 6
            while i < line.count, line[i] == UInt8(ascii: " ") { i += 1 }
        }
        let start = i
        while i < line.count, isNamePart(line[i]) { i += 1 }
        guard i > start, isLetter(line[start]) || line[start] == UInt8(ascii: "_"), line[i - 1] != UInt8(ascii: ".") else {
            return (nil, returns)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: line[start..<i]), as: UTF8.self)
        guard name != "style", !["return", "local", "function", "if", "for", "while"].contains(name) else { return (nil, returns) }
        while i < line.count, isSpace(line[i]) { i += 1 }
        guard i < line.count, line[i] == UInt8(ascii: "="), i + 1 == line.count || line[i + 1] != UInt8(ascii: "=") else {
            return (nil, returns)
        }
        return (name, returns)
    }

    /// A field of a module's table named as the module is required (`M.primary` in the module
    /// `buttons` is `buttons.primary`); names in the entry script as they are.
    private func qualified(_ name: String, in file: String) -> String {
        guard let module = moduleNames[file] else { return name }
        let parts = name.split(separator: ".", maxSplits: 1)
        return module + "." + (parts.count == 2 ? String(parts[1]) : name)
    }
}

/// What a script line does with the style made on it.
enum LineBinding {
    /// Binds it to a name: `local primary = …`, `base.primaryButtonStyle = …`.
    case name(String)
    /// Returns it to the caller, whose line may bind it.
    case returned
    /// Anything else: an argument, a table entry, an expression.
    case none
}

/// What each script line binds a style to, once looked at (a style made in a loop is named once
/// per line, not once per pass): by file, then by line. The lines of the file asked last are
/// kept apart and looked up by index: a style's frames are nearly always in one file, and
/// hashing a location for every style made was a third of naming it.
struct LineBindings {
    private var others: [String: [LineBinding?]] = [:]
    private var file = ""
    private var lines: [LineBinding?] = []

    /// Lines past this are looked at each time (a list of every line up to them would be large).
    static let mostLinesRemembered = 1 << 20

    /// The binding remembered for the line of `frame`, if any.
    mutating func binding(_ frame: SourceLocation) -> LineBinding? {
        switchTo(frame.file)
        let line = frame.line
        return line >= 0 && line < lines.count ? lines[line] : nil
    }

    mutating func remember(_ binding: LineBinding, at frame: SourceLocation) {
        switchTo(frame.file)
        let line = frame.line
        guard line >= 0, line <= Self.mostLinesRemembered else { return }
        if line >= lines.count { lines.append(contentsOf: repeatElement(nil, count: line + 1 - lines.count)) }
        lines[line] = binding
    }

    private mutating func switchTo(_ file: String) {
        guard file != self.file else { return }
        if !lines.isEmpty { others[self.file] = lines }
        lines = others.removeValue(forKey: file) ?? []
        self.file = file
    }
}
