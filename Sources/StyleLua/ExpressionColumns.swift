// Where on its line a Lua runtime error happened. Lua names the variable (`local 'x'`,
// `field 'missing'`, `method 'bad'`) but not the column; the same name often occurs earlier on
// the line (`local x = nil; local y = x.field`), so the column is that of the occurrence used
// the way the message says: indexed, called, or read as a field or method.
extension LuaVM {
    /// The 1-based column of the expression a runtime message is about, or nil.
    func expressionColumn(of name: String, message: String, line: Int, in chunk: String) -> Int? {
        guard let lines = lines(of: chunk), line >= 1, line <= lines.count else { return nil }
        let text = Array(lines[line - 1])
        let word = Array(name)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        /// Columns of `name` as a whole word, each with the characters around it.
        var hits: [(column: Int, before: Character?, after: Character?)] = []
        var i = 0
        while i + word.count <= text.count {
            if Array(text[i..<(i + word.count)]) == word,
               i == 0 || !isWord(text[i - 1]), i + word.count == text.count || !isWord(text[i + word.count]) {
                let before = text[..<i].last { $0 != " " && $0 != "\t" }
                let after = text[(i + word.count)...].first { $0 != " " && $0 != "\t" }
                hits.append((i + 1, before, after))
            }
            i += 1
        }
        let wanted: ((Character?, Character?) -> Bool)?
        if message.contains("(method '") {
            wanted = { before, _ in before == ":" }
        } else if message.contains("(field '") {
            wanted = { before, _ in before == "." }
        } else if message.hasPrefix("attempt to index") {
            wanted = { _, after in after == "." || after == "[" || after == ":" }
        } else if message.hasPrefix("attempt to call") {
            wanted = { _, after in after == "(" || after == "\"" || after == "'" || after == "{" }
        } else {
            wanted = nil
        }
        if let wanted, let hit = hits.last(where: { wanted($0.before, $0.after) }) { return hit.column }
        return hits.first?.column
    }

    /// For a message that names no variable: the comparison Lua could not make
    /// (`attempt to compare number with nil`), or the script's own `error(…)` call; with the
    /// length to underline. Nil when the line has neither.
    func operatorColumn(message: String, line: Int, in chunk: String) -> (Int, Int)? {
        if message.hasPrefix("attempt to compare") {
            for op in ["<=", ">=", "<", ">"] {
                if let c = column(of: op, line: line, in: chunk, wholeWord: false) { return (c, op.count) }
            }
            return nil
        }
        for call in ["error(", "error \"", "error '"] {
            if let c = column(of: call, line: line, in: chunk, wholeWord: false) { return (c, 5) }
        }
        return nil
    }
}
