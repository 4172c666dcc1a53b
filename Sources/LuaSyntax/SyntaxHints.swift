/// What a designer most likely meant by a syntax error, beside `luac`'s words: `message` stays
/// exactly `luac`'s, and `hint` adds a sentence where the likely fix is known.
extension SyntaxError {
    /// `Is a ',' missing between the table's fields before 'font'?` when a table constructor
    /// (`Label { text = "Hi" font = … }`) meets the start of another field where it expected
    /// `}`; a reminder of the parentheses after a method name (`f:bolded`); nil otherwise.
    public var hint: String? {
        switch reason {
        case .expectedToClose(.rightBrace, opener: .leftBrace, _), .expected(.rightBrace):
            guard let near, startsAField(near) else { return nil }
            return "Is a ',' missing between the table's fields before \(near)?"
        case .functionArgumentsExpected:
            // `f:bolded` without its call: Lua expects arguments after a method name.
            return "A method is called with parentheses, as in f:bolded()."
        default:
            return nil
        }
    }

    /// Whether `luac`'s rendering of a token (`'font'`, `'"Hi"'`, `'{'`) can begin a field.
    private func startsAField(_ near: String) -> Bool {
        guard near.count > 2, near.first == "'", near.last == "'" else { return false }
        let text = near.dropFirst().dropLast()
        guard let first = text.first else { return false }
        if first.isLetter || first == "_" {
            let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let reserved = TokenKind.allCases.filter { $0.rawValue <= TokenKind.while.rawValue }.map(\.spelling)
            return !reserved.contains(String(word)) || ["function", "nil", "true", "false", "not"].contains(String(word))
        }
        return first.isNumber || "\"'[{-#".contains(first)
    }
}
